import { auth } from "@/app/auth";
import { operatorPage } from "@/app/(console)/operator/operator-page";
import { ApprovalsList } from "@/components/operator/approvals-list";
import { operatorCopy } from "@/components/copy/operator";
import { listApprovals } from "@/server/approvals/list-approvals";
import { ANY_OPERATOR } from "@/server/operators/operator-roles";

export const dynamic = "force-dynamic";

const text = operatorCopy.approvals;

/** Four eyes (C59): what waits for a second operator, to approve (it runs then) or decline. */
async function ApprovalsPage() {
  const { approvals } = await listApprovals();
  const me = (await auth())?.user?.id ?? "";
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <ApprovalsList approvals={approvals} me={me} />
    </main>
  );
}

export default operatorPage(ANY_OPERATOR, ApprovalsPage);
