import { Prisma } from "../../generated/prisma/client.ts";
import type { EntryLine } from "./entry-lines.ts";
import { entryIban, sealEntryIban, sealEntryText } from "./entry-text.ts";
import { reportLinesSql, type ReportLines } from "./import-report.ts";
import type { MintAlongside } from "./mint-credits.ts";

/* The booked entries of an import (`BankEntry`): those recorded before, and a batch's new ones, one statement each. */

export type EarlierEntry = { entryId: string; orderId?: string; payoutId?: string };

/**
 * What a line is recorded as, beside its identity: the side, amount, currency and account credited. A line whose
 * identity was recorded before with another shape is not that entry again (C47), whatever its identity says. A
 * contradiction (C63) is recorded with amount 0, as an amount the currency cannot carry is: its problem quotes the
 * bank's amounts, and no operator can mint or return it.
 */
export type EntryShape = { side: string; amountMinor: bigint; currency: string; iban: string | null };

export function entryShape(line: EntryLine): EntryShape {
  return {
    side: line.side,
    amountMinor: line.kind === "contradiction" ? 0n : (line.amount?.minor ?? 0n),
    currency: line.amount?.currency ?? line.entry.amount.currency,
    iban: line.creditorIban ?? null,
  };
}

/**
 * Whether two lines can be one entry. An account is compared only where both name one: an intraday report without
 * transaction details reports the credit the camt.054 named, and a line naming no account is never minted anyway.
 */
export function sameShape(a: EntryShape, b: EntryShape): boolean {
  const ibans = a.iban === null || b.iban === null || a.iban === b.iban;
  return ibans && a.side === b.side && a.amountMinor === b.amountMinor && a.currency === b.currency;
}

/** Stored beside an earlier entry: its shape, to tell a repeat from another line under the same identity. */
export type StoredEntry = EarlierEntry & { shape: EntryShape };

/** A booked line's entry to record (`BankEntry`). */
export type EntryRow = {
  id: string;
  line: EntryLine;
  outcome: "minted" | "unmatched" | "payout_debit" | "payout_return" | "ignored";
  problem?: string;
  orderId?: string;
  payoutId?: string;
};

/** A look-up that can go out alone or inside a larger statement: its query, and its rows read back. */
export type LookUp<T> = { sql: Prisma.Sql; read: (rows: unknown[]) => T };

type EarlierRow = {
  id: string;
  identity: string;
  orderId: string | null;
  payoutId: string | null;
  side: string;
  amountMinor: string;
  currency: string;
  iban: unknown;
};

/** The look-up of the entries recorded before under these identities, by identity (amounts as text: exact in JSON). */
export function earlierEntriesLookUp(identities: readonly string[]): LookUp<Map<string, StoredEntry>> {
  return {
    sql: Prisma.sql`
      SELECT e."id"::text AS "id", e."identity", e."orderId"::text AS "orderId", e."payoutId"::text AS "payoutId",
        e."side", e."amountMinor"::text AS "amountMinor", e."currency", e."iban"
      FROM "BankEntry" e
      WHERE e."identity" IN (SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(identities)])}::jsonb))`,
    read: (rows) =>
      new Map(
        (rows as EarlierRow[]).map((entry) => [
          entry.identity,
          {
            entryId: entry.id,
            ...(entry.orderId ? { orderId: entry.orderId } : {}),
            ...(entry.payoutId ? { payoutId: entry.payoutId } : {}),
            shape: {
              side: entry.side,
              amountMinor: BigInt(entry.amountMinor),
              currency: entry.currency,
              iban: entryIban(entry),
            },
          },
        ]),
      ),
  };
}

/** Two look-ups in one statement (one round trip), each read back as it would be alone. */
export async function lookUpTogether<A, B>(tx: Prisma.TransactionClient, a: LookUp<A>, b: LookUp<B>): Promise<[A, B]> {
  const [row] = await tx.$queryRaw<{ a: unknown[]; b: unknown[] }[]>`
    SELECT (SELECT coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb) FROM (${a.sql}) x) AS "a",
      (SELECT coalesce(jsonb_agg(to_jsonb(y)), '[]'::jsonb) FROM (${b.sql}) y) AS "b"`;
  return [a.read(row!.a), b.read(row!.b)];
}

/** Entries recorded before under these identities, by identity. */
export async function earlierEntries(
  tx: Prisma.TransactionClient,
  identities: readonly string[],
): Promise<Map<string, StoredEntry>> {
  if (identities.length === 0) return new Map();
  const lookUp = earlierEntriesLookUp(identities);
  return lookUp.read(await tx.$queryRaw<unknown[]>(lookUp.sql));
}

/**
 * The `WITH` item that records a batch's booked entries (`"written"`, the ids written: an identity taken writes
 * none), if `condition` holds.
 */
function entriesSql(fileId: string, rows: readonly EntryRow[], now: Date, condition: Prisma.Sql): Prisma.Sql {
  const data = rows.map(({ id, line, outcome, problem, orderId }) => ({
    id,
    identity: line.identity,
    ...entryShape(line),
    amountMinor: entryShape(line).amountMinor.toString(),
    iban: sealEntryIban(entryShape(line).iban),
    status: line.entry.status,
    bookingDate: line.entry.bookingDate?.slice(0, 10) ?? null,
    valueDate: line.entry.valueDate?.slice(0, 10) ?? null,
    ...sealEntryText({
      debtorName: line.transaction?.debtorName ?? null,
      debtorIban: line.transaction?.debtorIban ?? null,
      remittance: line.remittance ?? null,
    }),
    endToEndId: line.endToEndId ?? null,
    returnReason: line.returnReason ?? null,
    outcome,
    problem: problem ?? null,
    orderId: orderId ?? null,
  }));
  return Prisma.sql`
    "written" AS (
      INSERT INTO "BankEntry" (
        "id", "identity", "fileId", "side", "status", "amountMinor", "currency", "bookingDate", "valueDate", "iban",
        "debtorName", "debtorIban", "remittance", "endToEndId", "returnReason", "outcome", "problem", "orderId",
        "createdAt"
      )
      SELECT "id", "identity", ${fileId}::uuid, "side", "status", "amountMinor"::bigint, "currency", "bookingDate",
        "valueDate", "iban", "debtorName", "debtorIban", "remittance", "endToEndId", "returnReason",
        "outcome"::"BankEntryOutcome", "problem", "orderId", ${now}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb) AS x(
        "id" uuid, "identity" text, "side" text, "status" text, "amountMinor" text, "currency" text, "bookingDate" date,
        "valueDate" date, "iban" jsonb, "debtorName" jsonb, "debtorIban" jsonb, "remittance" jsonb, "endToEndId" text,
        "returnReason" text, "outcome" text, "problem" text, "orderId" uuid)
      WHERE ${condition}
      ON CONFLICT ("identity") DO NOTHING
      RETURNING "id"
    )`;
}

/**
 * The batch's entries and report lines, to be written in the statement that mints its credits: if every credit is
 * minted (`everyCredit`) under the order ids the rows name, the entries are recorded, and if every one is, the lines
 * and counts. The statement answers how many entries it recorded (on every row it answers: a number, not their
 * ids, which on every row of a large batch would be the batch's size squared).
 */
export function entriesAlongside(
  fileId: string,
  rows: readonly EntryRow[],
  now: Date,
  report: ReportLines,
): (everyCredit: Prisma.Sql) => MintAlongside {
  const everyEntry = Prisma.sql`(SELECT count(*) FROM "written") = ${rows.length}`;
  return (everyCredit) => ({
    with: Prisma.sql`${entriesSql(fileId, rows, now, everyCredit)}, ${reportLinesSql(fileId, report, everyEntry)}`,
    answer: Prisma.sql`(SELECT count(*) FROM "written")::int`,
  });
}

/**
 * Records the batch's booked entries in one statement; answers the ids written (an identity taken writes none).
 * Given the batch's report lines as they read once every entry is recorded, the same statement writes them too, if
 * every entry was: when one was not (recorded meanwhile by another import), they are not written, and the caller
 * writes them as they turn out (`recordReportLines`).
 */
export async function insertEntries(
  tx: Prisma.TransactionClient,
  fileId: string,
  rows: readonly EntryRow[],
  now: Date,
  report?: ReportLines,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const everyEntry = Prisma.sql`(SELECT count(*) FROM "written") = ${rows.length}`;
  const written = await tx.$queryRaw<{ id: string }[]>`
    WITH ${entriesSql(fileId, rows, now, Prisma.sql`TRUE`)}
    ${report ? Prisma.sql`, ${reportLinesSql(fileId, report, everyEntry)}` : Prisma.empty}
    SELECT "id"::text AS "id" FROM "written"`;
  return new Set(written.map((row) => row.id));
}
