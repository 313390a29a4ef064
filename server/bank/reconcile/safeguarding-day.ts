import { Prisma } from "../../generated/prisma/client.ts";
import { logger } from "../../logging/logger.ts";
import { recomputeSql } from "./safeguarding-figures.ts";

type Tx = Prisma.TransactionClient;

/** A safeguarding day as recomputed: its date, the bank's closing balance and the difference (minor units). */
export type RecomputedDay = {
  accountIban: string;
  currency: string;
  date: string;
  closing: bigint;
  difference: bigint;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A camt.053's closing balance of the master account for a day, compared with what the ledger says must be there
 * that day (tokens outstanding + payouts in flight + credits not yet minted), stored as the day's `SafeguardingDay`
 * (the latest statement for the day replaces it). Inside the import's transaction, after the statement's entries
 * are recorded. The day and every later day already stored are recomputed (statements may come out of order, and an
 * earlier day's entries count in every later day), and so is any day that entries recorded since the last
 * computation reach back into. A non-zero difference is logged as a warning (C51); the console and `/metrics` show it.
 */
export async function recordSafeguardingDay(
  tx: Tx,
  day: { fileId: string; accountIban: string; date: string; currency: string; closingMinor: bigint; now: Date },
): Promise<RecomputedDay> {
  const { fileId, accountIban, date, currency, closingMinor, now } = day;
  if (!ISO_DATE.test(date)) throw new Error(`a safeguarding day needs a date as YYYY-MM-DD, not ${date}`);
  const [since] = await tx.$queryRaw<{ from: string }[]>`
    SELECT LEAST(${date}::date, (
      SELECT MIN(COALESCE(e."bookingDate", e."valueDate", (e."createdAt" AT TIME ZONE 'UTC')::date))
      FROM "BankEntry" e
      WHERE lower(e."currency") = lower(${currency}) AND e."createdAt" >= (
        SELECT MAX(s."computedAt") FROM "SafeguardingDay" s
        WHERE s."accountIban" = ${accountIban} AND s."currency" = ${currency}
      )
    ))::text AS "from"`;
  await tx.$executeRaw`
    INSERT INTO "SafeguardingDay" (
      "id", "accountIban", "date", "currency", "fileId", "closingMinor",
      "outstandingMinor", "payoutsInFlightMinor", "creditsUnmintedMinor", "differenceMinor", "computedAt"
    ) VALUES (
      gen_random_uuid(), ${accountIban}, ${date}::date, ${currency}, ${fileId}::uuid, ${closingMinor}::bigint,
      0, 0, 0, ${closingMinor}::bigint, ${now}::timestamptz
    )
    ON CONFLICT ("accountIban", "date", "currency") DO UPDATE SET
      "fileId" = EXCLUDED."fileId", "closingMinor" = EXCLUDED."closingMinor"`;
  const days = await recompute(tx, { accountIban, currency, from: since?.from ?? date, now });
  const recorded = days.find((d) => d.date === date);
  if (!recorded) throw new Error(`the safeguarding day ${date} was not recomputed`);
  return recorded;
}

/**
 * Recomputes stored safeguarding days from `from` on (every account and currency, or the one given), for facts that
 * reach back into days already stated: entries booked on or before a stored day and recorded after it (a camt.054
 * imported after a later day's statement, a debit of one of our payouts). Without `from`, from the earliest booking
 * date of the entries recorded since the days were last computed (nothing when there are none). Inside the
 * caller's transaction; returns the days recomputed.
 */
export async function recomputeSafeguardingDays(
  tx: Tx,
  options: { from?: string; accountIban?: string; currency?: string; now: Date },
): Promise<RecomputedDay[]> {
  const { from, accountIban, currency, now } = options;
  if (from !== undefined && !ISO_DATE.test(from)) throw new Error(`recompute from YYYY-MM-DD, not ${from}`);
  const accounts = await tx.$queryRaw<{ accountIban: string; currency: string; from: string | null }[]>`
    SELECT s."accountIban", s."currency", COALESCE(${from ?? null}::date, (
      SELECT MIN(COALESCE(e."bookingDate", e."valueDate", (e."createdAt" AT TIME ZONE 'UTC')::date))
      FROM "BankEntry" e
      WHERE lower(e."currency") = lower(s."currency") AND e."createdAt" >= MAX(s."computedAt")
    ))::text AS "from"
    FROM "SafeguardingDay" s
    WHERE ${accountIban === undefined ? Prisma.sql`true` : Prisma.sql`s."accountIban" = ${accountIban}`}
      AND ${currency === undefined ? Prisma.sql`true` : Prisma.sql`s."currency" = ${currency}`}
    GROUP BY s."accountIban", s."currency"
    ORDER BY 1, 2`;
  const days: RecomputedDay[] = [];
  for (const account of accounts) {
    if (account.from === null) continue;
    days.push(...(await recompute(tx, { ...account, from: account.from, now })));
  }
  return days;
}

async function recompute(
  tx: Tx,
  options: { accountIban: string; currency: string; from: string; now: Date },
): Promise<RecomputedDay[]> {
  const rows = await tx.$queryRaw<{ date: string; closing: bigint; difference: bigint }[]>(recomputeSql(options));
  const days = rows
    .map((row) => ({
      accountIban: options.accountIban,
      currency: options.currency,
      date: row.date,
      closing: BigInt(row.closing),
      difference: BigInt(row.difference),
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const differing = days.filter((d) => d.difference !== 0n);
  if (differing.length > 0) {
    const latest = differing[differing.length - 1]!;
    logger().warn(
      {
        accountIban: options.accountIban,
        currency: options.currency,
        date: latest.date,
        differenceMinor: latest.difference.toString(),
        daysDiffering: differing.map((d) => d.date),
      },
      "safeguarding: the bank's closing balance differs from what the ledger says must be there",
    );
  }
  return days;
}
