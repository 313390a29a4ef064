import Link from "next/link";
import { PaymentFiles } from "@/components/bank/payment-files";
import { bankCopy } from "@/components/copy/bank";
import { listBankFiles } from "@/server/bank/operator/list-bank-files";
import { waitingPayouts } from "@/server/bank/operator/payment-files";
import { firstPageIfRefused, pageOf, type SearchParams } from "../page-params";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

const text = bankCopy.payments;

/** Payment files out: what each carries and its state; release, download, or write one now. */
async function BankPaymentsPage(props: { searchParams: Promise<SearchParams> }) {
  const { query, from } = await pageOf(props.searchParams);
  const [{ files, nextCursor }, { count }] = await Promise.all([
    firstPageIfRefused(query, (q) => listBankFiles({ ...q, direction: "outbound" })),
    waitingPayouts(),
  ]);
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      <PaymentFiles key={from ?? ""} files={files} waiting={count} currency="EUR" />
      <nav className="pager" aria-label={bankCopy.pages}>
        {from ? <Link href="/operator/bank/payments">{bankCopy.firstPage}</Link> : null}
        {nextCursor ? <Link href={`/operator/bank/payments?cursor=${nextCursor}`}>{bankCopy.nextPage}</Link> : null}
      </nav>
    </main>
  );
}

export default operatorPage("treasurer", BankPaymentsPage);
