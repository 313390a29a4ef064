import type { Prisma } from "../../generated/prisma/client.ts";
import type { EntryLine } from "./entry-lines.ts";

/* The booked entries of an import (`BankEntry`): those recorded before, and a batch's new ones, one statement each. */

export type EarlierEntry = { entryId: string; orderId?: string; payoutId?: string };

/** A booked line's entry to record (`BankEntry`). */
export type EntryRow = {
  id: string;
  line: EntryLine;
  outcome: "minted" | "unmatched" | "payout_debit" | "payout_return" | "ignored";
  problem?: string;
  orderId?: string;
  payoutId?: string;
};

/** Entries recorded before under these identities, by identity. */
export async function earlierEntries(
  tx: Prisma.TransactionClient,
  identities: readonly string[],
): Promise<Map<string, EarlierEntry>> {
  if (identities.length === 0) return new Map();
  const found = await tx.bankEntry.findMany({
    where: { identity: { in: [...new Set(identities)] } },
    select: { id: true, identity: true, orderId: true, payoutId: true },
  });
  return new Map(
    found.map((entry) => [
      entry.identity,
      {
        entryId: entry.id,
        ...(entry.orderId ? { orderId: entry.orderId } : {}),
        ...(entry.payoutId ? { payoutId: entry.payoutId } : {}),
      },
    ]),
  );
}

/** Records the batch's booked entries in one statement; answers the ids written (an identity taken writes none). */
export async function insertEntries(
  tx: Prisma.TransactionClient,
  fileId: string,
  rows: readonly EntryRow[],
  now: Date,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const data = rows.map(({ id, line, outcome, problem, orderId }) => ({
    id,
    identity: line.identity,
    side: line.side,
    status: line.entry.status,
    amountMinor: (line.amount?.minor ?? 0n).toString(),
    currency: line.amount?.currency ?? line.entry.amount.currency,
    bookingDate: line.entry.bookingDate?.slice(0, 10) ?? null,
    valueDate: line.entry.valueDate?.slice(0, 10) ?? null,
    iban: line.creditorIban ?? null,
    debtorName: line.transaction?.debtorName ?? null,
    debtorIban: line.transaction?.debtorIban ?? null,
    remittance: line.remittance ?? null,
    endToEndId: line.endToEndId ?? null,
    returnReason: line.returnReason ?? null,
    outcome,
    problem: problem ?? null,
    orderId: orderId ?? null,
  }));
  const written = await tx.$queryRaw<{ id: string }[]>`
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
      "valueDate" date, "iban" text, "debtorName" text, "debtorIban" text, "remittance" text, "endToEndId" text,
      "returnReason" text, "outcome" text, "problem" text, "orderId" uuid)
    ON CONFLICT ("identity") DO NOTHING
    RETURNING "id"::text AS "id"`;
  return new Set(written.map((row) => row.id));
}
