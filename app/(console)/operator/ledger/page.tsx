import { operatorCopy } from "@/components/copy/operator";
import { FlowChart, LedgerDaysTable, OutstandingChart } from "@/components/operator/ledger-charts";
import { ledgerHistory } from "@/server/ledger/ledger-history";
import { ledgerReport } from "@/server/ledger/ledger-report";
import { displayAmount } from "@/server/money/display";
import { TableScroll } from "@/components/layout/table-scroll";
import { operatorPage } from "@/app/(console)/operator/operator-page";

export const dynamic = "force-dynamic";

const text = operatorCopy.ledger;
const RANGES = [7, 30, 90, 365];

const byCurrencyAndChain = (a: { currency: string; chain: string }, b: { currency: string; chain: string }) =>
  a.currency.localeCompare(b.currency) || a.chain.localeCompare(b.chain);

/** Issued, redeemed and outstanding per currency and chain, now and day by day over a chosen period. */
async function OperatorLedgerPage(props: { searchParams: Promise<{ days?: string | string[] }> }) {
  const asked = Number((await props.searchParams).days);
  const days = RANGES.includes(asked) ? asked : 30;
  const [report, history] = await Promise.all([ledgerReport(), ledgerHistory({ days })]);
  const totals = [...report.totals].sort(byCurrencyAndChain);
  const series = [...history.series].sort(byCurrencyAndChain);
  const c = text.columns;
  return (
    <main>
      <h1>{text.title}</h1>
      <p className="muted">{text.intro}</p>
      {report.consistent ? (
        <p className="notice">{text.consistent}</p>
      ) : (
        <div className="form-error" role="alert">
          <p>{text.inconsistent}</p>
          {report.unbalancedTransactions.length > 0 ? (
            <p>
              {text.unbalanced}: {report.unbalancedTransactions.join(", ")}
            </p>
          ) : null}
          {report.driftingAccounts.length > 0 ? (
            <p>
              {text.drifting}: {report.driftingAccounts.join(", ")}
            </p>
          ) : null}
        </div>
      )}

      <h2 id="overview-title">{text.overviewTitle}</h2>
      {totals.length === 0 ? (
        <p className="card empty">{text.empty}</p>
      ) : (
        <TableScroll label={text.overviewTitle}>
          <table className="data-table ledger-table" aria-labelledby="overview-title">
            <thead>
              <tr>
                <th scope="col">{c.currency}</th>
                <th scope="col">{c.chain}</th>
                <th scope="col" className="num">
                  {c.issued}
                </th>
                <th scope="col" className="num">
                  {c.redeemed}
                </th>
                <th scope="col" className="num">
                  {c.outstanding}
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.map((t) => (
                <tr key={`${t.currency}/${t.chain}`} data-pair={`${t.currency}/${t.chain}`}>
                  <th scope="row">{t.currency.toUpperCase()}</th>
                  <td>{t.chain}</td>
                  <td className="num">{displayAmount(t.mintedMinor, t.currency)}</td>
                  <td className="num">{displayAmount(t.burnedMinor, t.currency)}</td>
                  <td className="num">{displayAmount(t.mintedMinor - t.burnedMinor, t.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <form className="card filters" method="get" action="/operator/ledger">
        <div className="field">
          <label htmlFor="days">{text.range}</label>
          <select id="days" name="days" defaultValue={String(days)}>
            {RANGES.map((r) => (
              <option key={r} value={r}>
                {text.ranges[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">{text.show}</button>
      </form>

      {series.map((s) => {
        const id = `ledger-${s.currency}-${s.chain}`;
        const title = text.historyTitle(s.currency.toUpperCase(), s.chain);
        return (
          <section className="card" key={id} aria-labelledby={`${id}-heading`} data-pair={`${s.currency}/${s.chain}`}>
            <h2 id={`${id}-heading`}>{title}</h2>
            <p className="legend">
              <span>
                <span className="swatch issued" />
                {text.legendIssued}
              </span>
              <span>
                <span className="swatch redeemed" />
                {text.legendRedeemed}
              </span>
              <span>
                <span className="swatch outstanding" />
                {text.legendOutstanding}
              </span>
            </p>
            <div className="charts">
              <figure className="chart-figure">
                <figcaption aria-hidden="true">{text.flowTitle}</figcaption>
                <FlowChart id={`${id}-flow`} chain={s.chain} currency={s.currency} days={s.days} />
              </figure>
              <figure className="chart-figure">
                <figcaption aria-hidden="true">{text.outstandingTitle}</figcaption>
                <OutstandingChart id={`${id}-outstanding`} chain={s.chain} currency={s.currency} days={s.days} />
              </figure>
            </div>
            <details>
              <summary>{text.figures}</summary>
              <LedgerDaysTable currency={s.currency} days={s.days} label={`${text.figures}: ${title}`} />
            </details>
          </section>
        );
      })}
    </main>
  );
}

export default operatorPage("treasurer", OperatorLedgerPage);
