import { operatorCopy } from "@/components/copy/operator";
import type { LedgerDay } from "@/server/ledger/ledger-history";
import { displayAmount } from "@/server/money/display";
import { TableScroll } from "@/components/layout/table-scroll";

/*
 * The ledger's charts, drawn as inline SVG on the server: no script, no chart library. Each is an image with a title
 * and a description for screen readers; the figures it draws are in the table beside it. Amounts stay bigints until
 * they become a position on the drawing (a pixel may be a fraction; a cent never is).
 */

const text = operatorCopy.ledger;
const WIDTH = 600;
const HEIGHT = 200;
const TOP = 16;
const BOTTOM = 20;
const PLOT = HEIGHT - TOP - BOTTOM;

/** Height in drawing units of `value` on a scale whose top is `max` (both minor units). */
function scaled(value: bigint, max: bigint): number {
  if (max <= 0n || value <= 0n) return 0;
  return Number((value * BigInt(PLOT * 100)) / max) / 100;
}

const maxOf = (values: bigint[]) => values.reduce((a, b) => (b > a ? b : a), 0n);

type SeriesProps = { id: string; chain: string; currency: string; days: LedgerDay[] };

function Frame(props: {
  id: string;
  title: string;
  description: string;
  top: string;
  days: LedgerDay[];
  children: React.ReactNode;
}) {
  const first = props.days[0]?.day ?? "";
  const last = props.days.at(-1)?.day ?? "";
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${props.id}-title`}
      aria-describedby={`${props.id}-desc`}
      preserveAspectRatio="none"
    >
      <title id={`${props.id}-title`}>{props.title}</title>
      <desc id={`${props.id}-desc`}>{props.description}</desc>
      <line className="axis" x1={0} y1={TOP + PLOT} x2={WIDTH} y2={TOP + PLOT} />
      <line className="axis" x1={0} y1={TOP} x2={WIDTH} y2={TOP} strokeDasharray="4 4" />
      <text x={2} y={TOP - 4}>
        {props.top}
      </text>
      {props.children}
      <text x={2} y={HEIGHT - 4}>
        {first}
      </text>
      <text x={WIDTH - 2} y={HEIGHT - 4} textAnchor="end">
        {last}
      </text>
    </svg>
  );
}

/** Issued and redeemed per day: two bars a day. */
export function FlowChart({ id, chain, currency, days }: SeriesProps) {
  const max = maxOf(days.flatMap((d) => [d.issuedMinor, d.redeemedMinor]));
  const band = WIDTH / Math.max(days.length, 1);
  const bar = band * 0.4;
  const sum = (pick: (d: LedgerDay) => bigint) =>
    displayAmount(
      days.reduce((a, d) => a + pick(d), 0n),
      currency,
    );
  const description = text.flowDescription(
    currency.toUpperCase(),
    chain,
    days[0]?.day ?? "",
    days.at(-1)?.day ?? "",
    sum((d) => d.issuedMinor),
    sum((d) => d.redeemedMinor),
  );
  return (
    <Frame id={id} title={text.flowTitle} description={description} top={displayAmount(max, currency)} days={days}>
      {days.map((d, i) => {
        const issued = scaled(d.issuedMinor, max);
        const redeemed = scaled(d.redeemedMinor, max);
        const x = i * band + band * 0.1;
        return (
          <g key={d.day}>
            {issued > 0 ? <rect className="issued" x={x} y={TOP + PLOT - issued} width={bar} height={issued} /> : null}
            {redeemed > 0 ? (
              <rect className="redeemed" x={x + bar} y={TOP + PLOT - redeemed} width={bar} height={redeemed} />
            ) : null}
          </g>
        );
      })}
    </Frame>
  );
}

/** What was outstanding at the end of each day: one line. */
export function OutstandingChart({ id, chain, currency, days }: SeriesProps) {
  const max = maxOf(days.map((d) => d.outstandingMinor));
  const step = days.length > 1 ? WIDTH / (days.length - 1) : 0;
  const points = days.map(
    (d, i) => `${(i * step).toFixed(2)},${(TOP + PLOT - scaled(d.outstandingMinor, max)).toFixed(2)}`,
  );
  if (days.length === 1) points.push(`${WIDTH},${points[0]!.split(",")[1]}`);
  const description = text.outstandingDescription(
    currency.toUpperCase(),
    chain,
    days[0]?.day ?? "",
    days.at(-1)?.day ?? "",
    displayAmount(days[0]?.outstandingMinor ?? 0n, currency),
    displayAmount(days.at(-1)?.outstandingMinor ?? 0n, currency),
  );
  return (
    <Frame
      id={id}
      title={text.outstandingTitle}
      description={description}
      top={displayAmount(max, currency)}
      days={days}
    >
      <polyline className="outstanding" points={points.join(" ")} vectorEffect="non-scaling-stroke" />
    </Frame>
  );
}

/** The same figures as the charts, a row a day, newest first. */
export function LedgerDaysTable({ currency, days, label }: { currency: string; days: LedgerDay[]; label: string }) {
  const c = text.columns;
  return (
    <TableScroll label={label}>
      <table className="data-table ledger-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{c.day}</th>
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
          {[...days].reverse().map((d) => (
            <tr key={d.day}>
              <th scope="row">
                <time dateTime={d.day}>{d.day}</time>
              </th>
              <td className="num">{displayAmount(d.issuedMinor, currency)}</td>
              <td className="num">{displayAmount(d.redeemedMinor, currency)}</td>
              <td className="num">{displayAmount(d.outstandingMinor, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
