import Link from "next/link";
import { bankCopy } from "@/components/copy/bank";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";
import { countsText, money } from "./format";

const text = bankCopy;

export type ImportReportView = {
  file: { id: string; message: string; messageId: string; sha256: string; duplicate: boolean };
  counts: Record<string, number>;
  entries: {
    index: number;
    result: string;
    amount: string;
    currency: string;
    orderId?: string;
    payoutId?: string;
    problem?: string;
  }[];
};

const badge = (result: string) => (result === "minted" ? "badge good" : result === "unmatched" ? "badge bad" : "badge");

/** What an upload did: counts by result, then each entry with its order, or why it was not minted. */
export function ImportReport({ report, name }: { report: ImportReportView; name: string }) {
  return (
    <section className="card" aria-label={text.files.report}>
      <h2>{text.files.report}</h2>
      <p role="status">
        {report.file.duplicate ? text.files.duplicate(name) : text.files.imported(name)}{" "}
        {countsText(report.counts, text.results)}
      </p>
      {report.entries.length === 0 ? (
        <p className="muted">{text.files.noEntries}</p>
      ) : (
        <TableScroll label={text.files.report}>
          <table className="data-table bank-table">
            <thead>
              <tr>
                <th scope="col">{text.report.columns.index}</th>
                <th scope="col">{text.report.columns.result}</th>
                <th scope="col" className="num">
                  {text.report.columns.amount}
                </th>
                <th scope="col">{text.report.columns.detail}</th>
              </tr>
            </thead>
            <tbody>
              {report.entries.map((entry) => (
                <tr key={entry.index} data-result={entry.result}>
                  <td>{entry.index}</td>
                  <td>
                    <span className={badge(entry.result)}>{text.results[entry.result] ?? entry.result}</span>
                  </td>
                  <td className="num">{money(entry.amount, entry.currency)}</td>
                  <td>
                    {entry.orderId ? (
                      <Link href={`/operator/bank/orders/${entry.orderId}`}>{text.orderLink}</Link>
                    ) : null}
                    {entry.problem ? (
                      <>
                        {entry.result === "unmatched" ? (
                          <Link href="/operator/bank/exceptions">{text.exceptions.title}</Link>
                        ) : null}
                        <p className="muted">{entry.problem}</p>
                      </>
                    ) : null}
                    {entry.payoutId ? (
                      <span className="muted">
                        {text.exceptions.payout}{" "}
                        <LongValue value={entry.payoutId} label={text.exceptions.payout} short />
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p>
        <Link href={`/operator/bank/files/${report.file.id}`}>{text.files.openReport}</Link>
      </p>
    </section>
  );
}
