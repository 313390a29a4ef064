import { Prisma } from "../../generated/prisma/client.ts";

/**
 * What the ledger says must be at the bank at the end of each stored safeguarding day of one account and currency
 * from `from` on, written into those days with the difference to the bank's closing balance; the days recomputed
 * are returned. One statement, sums in the database (bigint through numeric, never a float). The definition is
 * docs/bank.md, "Safeguarding"; in short, each fact counts from the day it happened on its own clock:
 *
 * - outstanding: −(issuance + redemption) from ledger transactions up to the end of the day (UTC), all chains, plus
 *   tokens between chains (a cross-chain redeem burned whose issue on the other chain is not minted yet);
 * - payouts in flight: instructed (`sentAt`, tokens burned or a credit sent back) up to the end of the day, less
 *   those whose debit the bank booked by then, less rejected ones given back by then (a redeem's tokens re-issued; a
 *   credit's return rejected puts the credit back among those to mint);
 * - credits unminted: credits booked by the day (ours, unmatched, assigned, returned, payouts coming back), less
 *   those minted (their order's mint; for a payout coming back the re-issue's mint, or for a credit's return coming
 *   back the credit's own mint once assigned) or sent back (the return payout instructed) by its end.
 */
export function recomputeSql(options: { accountIban: string; currency: string; from: string; now: Date }): Prisma.Sql {
  const { accountIban, currency, from, now } = options;
  const day = (column: Prisma.Sql) => Prisma.sql`(${column} AT TIME ZONE 'UTC')::date`;
  const booked = (alias: string) =>
    Prisma.raw(
      `COALESCE(${alias}."bookingDate", ${alias}."valueDate", (${alias}."createdAt" AT TIME ZONE 'UTC')::date)`,
    );
  return Prisma.sql`
    WITH "mints" AS (
      SELECT t."orderId", MIN(t."createdAt") AS "at" FROM "LedgerTransaction" t
      WHERE t."kind" = 'mint' AND t."orderId" IS NOT NULL
      GROUP BY t."orderId"
    ), "debits" AS (
      SELECT d."payoutId", MIN(${booked("d")}) AS "booked" FROM "BankEntry" d
      WHERE d."side" = 'DBIT' AND d."status" = 'BOOK' AND d."payoutId" IS NOT NULL
      GROUP BY d."payoutId"
    ), "credits" AS (
      SELECT c."amountMinor" AS "amount", ${booked("c")} AS "booked",
        LEAST(m1."at", m2."at", m3."at", r."sentAt") AS "cleared"
      FROM "BankEntry" c
      LEFT JOIN "mints" m1 ON m1."orderId" = c."orderId"
      LEFT JOIN "Payout" back ON back."id" = c."payoutId" AND c."outcome"::text = 'payout_return'
      LEFT JOIN "mints" m2 ON m2."orderId" = back."reissueOrderId"
      LEFT JOIN "BankEntry" original ON original."id" = back."bankEntryId"
      LEFT JOIN "mints" m3 ON m3."orderId" = original."orderId"
      LEFT JOIN "Payout" r ON r."bankEntryId" = c."id"
      WHERE c."side" = 'CRDT' AND c."status" = 'BOOK' AND lower(c."currency") = lower(${currency})
        AND c."outcome"::text IN ('minted', 'unmatched', 'assigned', 'returned', 'payout_return')
    ), "payouts" AS (
      SELECT p."amountMinor" AS "amount", ${day(Prisma.sql`p."sentAt"`)} AS "sent", d."booked" AS "debited",
        p."state"::text = 'rejected' AND d."booked" IS NULL AS "rejected",
        p."bankEntryId" IS NOT NULL AS "sendsBack",
        ${day(Prisma.sql`p."settledAt"`)} AS "settled",
        ${day(Prisma.sql`LEAST(m."at", mc."at")`)} AS "givenBack"
      FROM "Payout" p
      LEFT JOIN "debits" d ON d."payoutId" = p."id"
      LEFT JOIN "mints" m ON m."orderId" = p."reissueOrderId"
      LEFT JOIN "BankEntry" credit ON credit."id" = p."bankEntryId"
      LEFT JOIN "mints" mc ON mc."orderId" = credit."orderId"
      WHERE lower(p."currency") = lower(${currency})
    ), "crossing" AS (
      SELECT i."amountMinor" AS "amount", ${day(Prisma.sql`i."placedAt"`)} AS "burned",
        ${day(Prisma.sql`m."at"`)} AS "minted"
      FROM "Order" i
      JOIN "Order" r ON r."id" = i."parentOrderId"
      LEFT JOIN "mints" m ON m."orderId" = i."id"
      -- A redeem's issue is a cross-chain redeem's other half unless the redeem was paid out (its counterpart, sealed,
      -- says so too): the issue of a redeem with a payout is the re-issue of a payout rejected or returned.
      WHERE i."kind"::text = 'issue' AND r."kind"::text = 'redeem'
        AND NOT EXISTS (SELECT 1 FROM "Payout" po WHERE po."orderId" = r."id")
        AND lower(i."currency") = lower(${currency})
    ), "events" AS (
      SELECT ${day(Prisma.sql`t."createdAt"`)} AS "day", 'outstanding' AS "part", -SUM(e."amountMinor") AS "amount"
      FROM "LedgerEntry" e
      JOIN "LedgerAccount" a ON a."id" = e."accountId"
      JOIN "LedgerTransaction" t ON t."id" = e."transactionId"
      WHERE a."kind"::text IN ('issuance', 'redemption') AND lower(a."currency") = lower(${currency})
      GROUP BY 1
      UNION ALL SELECT "burned", 'outstanding', "amount" FROM "crossing"
      UNION ALL SELECT "minted", 'outstanding', -"amount" FROM "crossing" WHERE "minted" IS NOT NULL
      UNION ALL SELECT "sent", 'inFlight', "amount" FROM "payouts"
      UNION ALL SELECT "debited", 'inFlight', -"amount" FROM "payouts" WHERE "debited" IS NOT NULL
      -- Rejected: a redeem's payout until its tokens are re-issued; a credit's return back among the credits to mint.
      UNION ALL SELECT "givenBack", 'inFlight', -"amount" FROM "payouts"
        WHERE "rejected" AND NOT "sendsBack" AND "givenBack" IS NOT NULL
      UNION ALL SELECT "settled", 'inFlight', -"amount" FROM "payouts" WHERE "rejected" AND "sendsBack"
      UNION ALL SELECT "settled", 'unminted', "amount" FROM "payouts" WHERE "rejected" AND "sendsBack"
      UNION ALL SELECT "givenBack", 'unminted', -"amount" FROM "payouts"
        WHERE "rejected" AND "sendsBack" AND "givenBack" IS NOT NULL
      UNION ALL SELECT "booked", 'unminted', "amount" FROM "credits"
      UNION ALL SELECT ${day(Prisma.sql`"cleared"`)}, 'unminted', -"amount" FROM "credits" WHERE "cleared" IS NOT NULL
    ), "byDay" AS (
      SELECT "day", "part", SUM("amount") AS "amount" FROM "events" GROUP BY 1, 2
    ), "figures" AS (
      SELECT s."id",
        COALESCE(SUM(b."amount") FILTER (WHERE b."part" = 'outstanding'), 0)::bigint AS "outstanding",
        COALESCE(SUM(b."amount") FILTER (WHERE b."part" = 'inFlight'), 0)::bigint AS "inFlight",
        COALESCE(SUM(b."amount") FILTER (WHERE b."part" = 'unminted'), 0)::bigint AS "unminted"
      FROM "SafeguardingDay" s
      LEFT JOIN "byDay" b ON b."day" <= s."date"
      WHERE s."accountIban" = ${accountIban} AND s."currency" = ${currency} AND s."date" >= ${from}::date
      GROUP BY s."id"
    )
    UPDATE "SafeguardingDay" s SET
      "outstandingMinor" = f."outstanding",
      "payoutsInFlightMinor" = f."inFlight",
      "creditsUnmintedMinor" = f."unminted",
      "differenceMinor" = s."closingMinor" - (f."outstanding" + f."inFlight" + f."unminted"),
      "computedAt" = ${now}::timestamptz
    FROM "figures" f
    WHERE s."id" = f."id"
    RETURNING s."date"::text AS "date", s."closingMinor" AS "closing", s."differenceMinor" AS "difference"`;
}
