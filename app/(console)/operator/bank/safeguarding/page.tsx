import Link from "next/link";
import { money } from "@/components/bank/format";
import { bankCopy } from "@/components/copy/bank";
import { TableScroll } from "@/components/layout/table-scroll";
import { listSafeguardingDays } from "@/server/bank/reconcile/list-safeguarding-days";
import { firstPageIfRefused, pageOf, type SearchParams } from "../page-params";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

const text = bankCopy.safeguarding;

/**
 * Safeguarding (C51): per statement day the bank's closing balance beside what must be there, and the difference.
 * A day that does not add up is flagged in words (its badge and a summary above the table), not by colour alone.
 */
async function SafeguardingPage(props: { searchParams: Promise<SearchParams> }) {
  const { query, from } = await pageOf(props.searchParams);
  const { days, nextCursor } = await firstPageIfRefused(query, (q) =>
    listSafeguardingDays({ cursor: q.cursor, limit: q.limit }),
  );
  const flagged = days.filter((day) => day.flagged).length;
  const c = text.columns;
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      {flagged > 0 ? (
        <p className="form-error bank-flag" role="alert">
          {text.flagged(flagged)}
        </p>
      ) : null}
      {days.length === 0 ? (
        <p className="card empty">{text.empty}</p>
      ) : (
        <TableScroll label={text.caption}>
          <table className="data-table bank-table">
            <caption className="visually-hidden">{text.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{c.date}</th>
                <th scope="col" className="num">
                  {c.closing}
                </th>
                <th scope="col" className="num">
                  {c.outstanding}
                </th>
                <th scope="col" className="num">
                  {c.inFlight}
                </th>
                <th scope="col" className="num">
                  {c.unminted}
                </th>
                <th scope="col" className="num">
                  {c.expected}
                </th>
                <th scope="col" className="num">
                  {c.difference}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => {
                const difference = money(day.difference, day.currency);
                return (
                  <tr
                    key={`${day.date}:${day.accountIban}:${day.currency}`}
                    className={day.flagged ? "unbalanced" : undefined}
                    data-flagged={day.flagged}
                  >
                    <th scope="row" className="when">
                      <Link href={`/operator/bank/files/${day.file.id}`}>{day.date}</Link>
                    </th>
                    <td className="num">{money(day.closing, day.currency)}</td>
                    <td className="num">{money(day.outstanding, day.currency)}</td>
                    <td className="num">{money(day.payoutsInFlight, day.currency)}</td>
                    <td className="num">{money(day.creditsUnminted, day.currency)}</td>
                    <td className="num">{money(day.expected, day.currency)}</td>
                    <td className="num difference">
                      {difference}{" "}
                      {day.flagged ? (
                        <span className="badge bad" title={text.flag(difference, day.date)}>
                          {text.unbalanced}
                          <span className="visually-hidden">: {text.flag(difference, day.date)}</span>
                        </span>
                      ) : (
                        <span className="badge good">{text.balanced}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav className="pager" aria-label={bankCopy.pages}>
        {from ? <Link href="/operator/bank/safeguarding">{bankCopy.firstPage}</Link> : null}
        {nextCursor ? <Link href={`/operator/bank/safeguarding?cursor=${nextCursor}`}>{bankCopy.nextPage}</Link> : null}
      </nav>
    </main>
  );
}

export default operatorPage("treasurer", SafeguardingPage);
