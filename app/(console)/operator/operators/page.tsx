import { auth } from "@/app/auth";
import { operatorPage } from "@/app/(console)/operator/operator-page";
import { InviteOperatorForm } from "@/components/operator/invite-operator-form";
import { OperatorsTable } from "@/components/operator/operators-table";
import { operatorCopy } from "@/components/copy/operator";
import { listOperators } from "@/server/operators/list-operators";

export const dynamic = "force-dynamic";

const text = operatorCopy.operators;

/** The admins' page (C58): who operates this instance, with which roles; invite, change roles, disable, enable. */
async function OperatorsPage() {
  const { operators } = await listOperators();
  const me = (await auth())?.user?.id ?? "";
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <OperatorsTable operators={operators} me={me} />
      <InviteOperatorForm />
    </main>
  );
}

export default operatorPage("admin", OperatorsPage);
