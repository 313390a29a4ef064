import Link from "next/link";
import { notFound } from "next/navigation";
import { PayoutsTable } from "@/components/bank/payouts-table";
import { ReportLines } from "@/components/bank/report-lines";
import { countsText, summaryCounts } from "@/components/bank/format";
import { bankCopy } from "@/components/copy/bank";
import { LongValue } from "@/components/layout/long-value";
import { formatWhen } from "@/components/operator/format";
import { readBankFile } from "@/server/bank/operator/read-bank-file";
import { isAppError } from "@/server/errors";
import { firstPageIfRefused, pageOf, type SearchParams } from "../../page-params";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

const text = bankCopy.report;

/** One bank file: what it is, a download, and its import report (a statement) or its payouts (a payment file). */
async function BankFilePage(props: { params: Promise<{ file: string }>; searchParams: Promise<SearchParams> }) {
  const { file: id } = await props.params;
  const { query, from } = await pageOf(props.searchParams);
  const detail = await firstPageIfRefused(query, (q) => readBankFile({ id, query: q })).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const { file } = detail;
  const inbound = file.direction === "inbound";
  const here = `/operator/bank/files/${file.id}`;
  return (
    <main>
      <p>
        <Link href={inbound ? "/operator/bank" : "/operator/bank/payments"}>{text.back}</Link>
      </p>
      <h1 className="bank-title">{text.title(file.name)}</h1>
      <section className="card" aria-label={text.details}>
        <dl className="bank-details">
          <dt>{text.message}</dt>
          <dd>{file.message}</dd>
          <dt>{text.messageId}</dt>
          <dd>
            <LongValue value={file.messageId} label={text.messageId} />
          </dd>
          <dt>{text.sha256}</dt>
          <dd>
            <LongValue value={file.sha256} label={text.sha256} short />
          </dd>
          {file.accountIban ? (
            <>
              <dt>{text.account}</dt>
              <dd>
                <LongValue value={file.accountIban} label={bankCopy.iban} />
              </dd>
            </>
          ) : null}
          <dt>{text.importedAt}</dt>
          <dd>
            <time dateTime={file.createdAt}>{formatWhen(file.createdAt)}</time>
          </dd>
          <dt>{bankCopy.payments.columns.state}</dt>
          <dd>{bankCopy.fileStates[file.state] ?? file.state}</dd>
          {inbound ? (
            <>
              <dt>{bankCopy.files.counts}</dt>
              <dd>{countsText(summaryCounts(file.summary), bankCopy.results) || bankCopy.none}</dd>
            </>
          ) : null}
        </dl>
        <p>
          <a href={`/api/admin/bank/files/${file.id}/content`} download>
            {bankCopy.downloadNamed(file.name)}
          </a>
        </p>
      </section>
      {inbound ? (
        detail.entries.length === 0 ? (
          <p className="card empty">{text.empty}</p>
        ) : (
          <ReportLines lines={detail.entries} />
        )
      ) : (
        <PayoutsTable payouts={detail.payouts} />
      )}
      <nav className="pager" aria-label={bankCopy.pages}>
        {from ? <Link href={here}>{bankCopy.firstPage}</Link> : null}
        {detail.nextCursor ? <Link href={`${here}?cursor=${detail.nextCursor}`}>{bankCopy.nextPage}</Link> : null}
      </nav>
    </main>
  );
}

export default operatorPage("treasurer", BankFilePage);
