import Link from "next/link";
import { bankCopy } from "@/components/copy/bank";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";
import type { ReportLineView } from "@/server/bank/operator/bank-operator.responses";
import { money } from "./format";

const text = bankCopy.report;

const badge = (result: string) => (result === "minted" ? "badge good" : result === "unmatched" ? "badge bad" : "badge");

/** An imported file's report, a page of it: each entry's result, amount, sender and IBAN, and its order or reason. */
export function ReportLines({ lines }: { lines: ReportLineView[] }) {
  return (
    <TableScroll label={text.caption}>
      <table className="data-table bank-table">
        <caption className="visually-hidden">{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.columns.index}</th>
            <th scope="col">{text.columns.result}</th>
            <th scope="col" className="num">
              {text.columns.amount}
            </th>
            <th scope="col">{text.columns.counterpart}</th>
            <th scope="col">{text.columns.iban}</th>
            <th scope="col">{text.columns.detail}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ index, result, note, entry }) => {
            const outcome = entry?.outcome;
            return (
              <tr key={index} data-result={result}>
                <td>{index}</td>
                <td>
                  <span className={badge(result)}>{bankCopy.results[result] ?? result}</span>
                  {outcome === "assigned" || outcome === "returned" ? (
                    <span className="badge">{bankCopy.outcomes[outcome]}</span>
                  ) : null}
                </td>
                <td className="num">{entry ? money(entry.amount, entry.currency) : bankCopy.none}</td>
                <td>
                  {entry?.debtorName ?? null}
                  {entry?.debtorIban ? (
                    <p>
                      <LongValue value={entry.debtorIban} label={bankCopy.iban} />
                    </p>
                  ) : null}
                </td>
                <td>{entry?.iban ? <LongValue value={entry.iban} label={bankCopy.iban} /> : bankCopy.none}</td>
                <td>
                  {entry?.orderId ? (
                    <Link href={`/operator/bank/orders/${entry.orderId}`}>{bankCopy.orderLink}</Link>
                  ) : null}
                  {outcome === "unmatched" ? (
                    <Link href="/operator/bank/exceptions">{bankCopy.exceptions.title}</Link>
                  ) : null}
                  {(note ?? entry?.problem) ? <p className="muted">{note ?? entry?.problem}</p> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
