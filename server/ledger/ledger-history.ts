import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";

/** One day of one chain and currency: what was minted and burned that day, and what was outstanding at its end. */
export type LedgerDay = { day: string; issuedMinor: bigint; redeemedMinor: bigint; outstandingMinor: bigint };

export type LedgerHistory = {
  /** First and last day of the range (UTC calendar days, `YYYY-MM-DD`), both included. */
  from: string;
  to: string;
  /** Every chain and currency that ever minted, each with one entry per day of the range (quiet days too). */
  series: { chain: string; currency: string; days: LedgerDay[] }[];
};

export const LEDGER_HISTORY_MAX_DAYS = 366;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The ledger over time in daily buckets (UTC), computed by the database: per chain and currency, the tokens minted
 * (issuance entries) and burned (redemption entries) each day of the last `days` days up to today, and the amount
 * outstanding (minted − burned since the beginning) at the end of each of those days.
 */
export async function ledgerHistory(options: { days: number; clock?: Clock }): Promise<LedgerHistory> {
  const { days, clock = serverClock } = options;
  if (!Number.isInteger(days) || days < 1 || days > LEDGER_HISTORY_MAX_DAYS) {
    throw new AppError("VALIDATION", "Validation errors", { days: `must be 1 to ${LEDGER_HISTORY_MAX_DAYS}` });
  }
  const today = clock();
  const to = isoDay(today);
  const from = isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days + 1)));
  const prisma = await db();
  const rows = await prisma.$queryRaw<
    { chain: string; currency: string; day: string; issued: bigint; redeemed: bigint; outstanding: bigint }[]
  >`
    WITH days AS (
      SELECT d::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d
    ),
    pairs AS (
      SELECT DISTINCT chain, currency FROM "LedgerAccount" WHERE kind::text IN ('issuance', 'redemption')
    ),
    moves AS (
      SELECT a.chain, a.currency, (t."createdAt" AT TIME ZONE 'UTC')::date AS day,
        SUM(CASE WHEN a.kind::text = 'issuance' THEN -e."amountMinor" ELSE 0 END) AS issued,
        SUM(CASE WHEN a.kind::text = 'redemption' THEN e."amountMinor" ELSE 0 END) AS redeemed
      FROM "LedgerEntry" e
      JOIN "LedgerAccount" a ON a.id = e."accountId"
      JOIN "LedgerTransaction" t ON t.id = e."transactionId"
      WHERE a.kind::text IN ('issuance', 'redemption') AND (t."createdAt" AT TIME ZONE 'UTC')::date <= ${to}::date
      GROUP BY 1, 2, 3
    ),
    opening AS (
      SELECT chain, currency, SUM(issued - redeemed) AS outstanding FROM moves WHERE day < ${from}::date GROUP BY 1, 2
    )
    SELECT p.chain, p.currency, d.day::text AS day,
      COALESCE(m.issued, 0)::bigint AS issued,
      COALESCE(m.redeemed, 0)::bigint AS redeemed,
      (COALESCE(o.outstanding, 0) + SUM(COALESCE(m.issued, 0) - COALESCE(m.redeemed, 0))
        OVER (PARTITION BY p.chain, p.currency ORDER BY d.day))::bigint AS outstanding
    FROM pairs p
    CROSS JOIN days d
    LEFT JOIN moves m ON m.chain = p.chain AND m.currency = p.currency AND m.day = d.day
    LEFT JOIN opening o ON o.chain = p.chain AND o.currency = p.currency
    ORDER BY p.chain, p.currency, d.day`;
  const series = new Map<string, LedgerHistory["series"][number]>();
  for (const row of rows) {
    const key = `${row.chain}/${row.currency}`;
    const entry = series.get(key) ?? { chain: row.chain, currency: row.currency, days: [] };
    entry.days.push({
      day: row.day,
      issuedMinor: BigInt(row.issued),
      redeemedMinor: BigInt(row.redeemed),
      outstandingMinor: BigInt(row.outstanding),
    });
    series.set(key, entry);
  }
  return { from, to, series: [...series.values()] };
}
