import Link from "next/link";
import { ExceptionsTable } from "@/components/bank/exceptions-table";
import { bankCopy } from "@/components/copy/bank";
import { awaitingApproval } from "@/server/approvals/list-approvals";
import { listExceptions } from "@/server/bank/exceptions/list-exceptions";
import { firstPageIfRefused, one, pageOf, type SearchParams } from "../page-params";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

const text = bankCopy.exceptions;

/** The exceptions queue (C48): open credits to resolve, or those resolved, newest first. */
async function BankExceptionsPage(props: { searchParams: Promise<SearchParams> }) {
  const params = await props.searchParams;
  const status = one(params.status) === "resolved" ? "resolved" : "open";
  const { query, from } = await pageOf(Promise.resolve(params));
  const { exceptions, nextCursor } = await firstPageIfRefused(query, (q) => listExceptions({ ...q, status }));
  const here = `/operator/bank/exceptions?status=${status}`;
  const awaiting = await awaitingApproval(
    "bank-entry",
    exceptions.map((e) => e.id),
  );
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <nav className="tabs" aria-label={text.views}>
        <Link href="/operator/bank/exceptions?status=open" aria-current={status === "open" ? "page" : undefined}>
          {text.open}
        </Link>
        <Link
          href="/operator/bank/exceptions?status=resolved"
          aria-current={status === "resolved" ? "page" : undefined}
        >
          {text.resolved}
        </Link>
      </nav>
      {exceptions.length === 0 ? (
        <p className="card empty">{status === "open" ? text.emptyOpen : text.emptyResolved}</p>
      ) : (
        <ExceptionsTable
          key={`${status}:${from ?? ""}`}
          entries={exceptions}
          status={status}
          awaiting={[...awaiting]}
        />
      )}
      <nav className="pager" aria-label={bankCopy.pages}>
        {from ? <Link href={here}>{bankCopy.firstPage}</Link> : null}
        {nextCursor ? <Link href={`${here}&cursor=${nextCursor}`}>{bankCopy.nextPage}</Link> : null}
      </nav>
    </main>
  );
}

export default operatorPage("treasurer", BankExceptionsPage);
