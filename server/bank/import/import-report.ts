import { Prisma } from "../../generated/prisma/client.ts";
import { formatDecimalAmount } from "../iso20022/decimal-amount.ts";

/** What the import did with one entry (a transaction of an entry) of the file. */
export type EntryResult =
  "minted" | "already_imported" | "unmatched" | "ignored" | "payout_debit" | "payout_return" | "payout_status";

export type EntryReport = {
  index: number;
  identity: string;
  result: EntryResult;
  amount: string;
  currency: string;
  /** The issue order minted (minted, or already imported when it was). */
  orderId?: string;
  payoutId?: string;
  /** Why it was not minted. */
  problem?: string;
};

export type ImportReport = {
  file: {
    id: string;
    message: string;
    messageId: string;
    sha256: string;
    /** The same file (same message id and bytes) was imported before: nothing changed. */
    duplicate: boolean;
  };
  counts: Partial<Record<EntryResult, number>>;
  /** Per entry, in the file's order (all of them: a report for 10,000 entries is 10,000 lines). */
  entries: EntryReport[];
};

export function countResults(entries: readonly EntryReport[]): Partial<Record<EntryResult, number>> {
  const counts: Partial<Record<EntryResult, number>> = {};
  for (const { result } of entries) counts[result] = (counts[result] ?? 0) + 1;
  return counts;
}

/** A batch's report lines as they are stored, and the file's counts so far once they are in. */
export type ReportLines = {
  lines: readonly (EntryReport & { entryId?: string })[];
  summary: Partial<Record<EntryResult, number>>;
};

/**
 * The statement parts that write a batch's report lines (`BankFileEntry`) and the file's counts so far (`summary`,
 * what the listing shows): `WITH` items, to go in a statement of their own (`recordReportLines`) or, with a
 * condition, in the one that writes the batch's entries (`insertEntries`).
 */
export function reportLinesSql(fileId: string, report: ReportLines, condition: Prisma.Sql = Prisma.sql`TRUE`) {
  const rows = report.lines.map((line) => ({
    index: line.index,
    entryId: line.entryId ?? null,
    result: line.result,
    note: noteOf(line),
  }));
  return Prisma.sql`
    "lines" AS (
      INSERT INTO "BankFileEntry" ("fileId", "index", "entryId", "result", "note")
      SELECT ${fileId}::uuid, "index", "entryId", "result", "note"
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x("index" int, "entryId" uuid, "result" text, "note" text)
      WHERE ${condition}
    ), "counts" AS (
      UPDATE "BankFile" SET "summary" = ${JSON.stringify(report.summary)}::jsonb
      WHERE "id" = ${fileId}::uuid AND ${condition}
    )`;
}

/**
 * Writes the report lines of a batch and the file's counts so far, one statement for both: after the last batch the
 * counts are the file's.
 */
export async function recordReportLines(
  tx: Prisma.TransactionClient,
  fileId: string,
  lines: ReportLines["lines"],
  summary: ReportLines["summary"],
): Promise<void> {
  await tx.$executeRaw`WITH ${reportLinesSql(fileId, { lines, summary })} SELECT 1`;
}

/*
 * A line without a booked entry (not booked yet, a payment status) keeps what the report says of it in its note, so
 * that the report of a file imported again can be rebuilt from the stored lines alone. A line with an entry keeps
 * only its problem: the entry holds the rest.
 */
type StoredNote = { identity: string; amount: string; currency: string; problem?: string; payoutId?: string };

function noteOf(line: EntryReport & { entryId?: string }): string | null {
  if (line.entryId) return line.problem ?? null;
  const note: StoredNote = { identity: line.identity, amount: line.amount, currency: line.currency };
  if (line.problem) note.problem = line.problem;
  if (line.payoutId) note.payoutId = line.payoutId;
  return JSON.stringify(note);
}

/** The report of a file imported before, from its stored lines and entries. */
export async function storedReport(
  tx: Prisma.TransactionClient,
  file: { id: string; message: string; messageId: string; sha256: string },
): Promise<ImportReport> {
  const rows = await tx.$queryRaw<
    {
      index: number;
      result: string;
      note: string | null;
      identity: string | null;
      amountMinor: bigint | null;
      currency: string | null;
      orderId: string | null;
      payoutId: string | null;
    }[]
  >`
    SELECT l."index", l."result", l."note", e."identity", e."amountMinor", e."currency",
      e."orderId"::text AS "orderId", e."payoutId"::text AS "payoutId"
    FROM "BankFileEntry" l LEFT JOIN "BankEntry" e ON e."id" = l."entryId"
    WHERE l."fileId" = ${file.id}::uuid
    ORDER BY l."index"`;
  const entries = rows.map((row): EntryReport => {
    const result = row.result as EntryResult;
    if (row.identity === null) {
      const note = parseNote(row.note);
      return {
        index: row.index,
        identity: note.identity,
        result,
        amount: note.amount,
        currency: note.currency,
        ...(note.payoutId ? { payoutId: note.payoutId } : {}),
        ...(note.problem ? { problem: note.problem } : {}),
      };
    }
    return {
      index: row.index,
      identity: row.identity,
      result,
      amount: row.currency ? formatDecimalAmount(row.amountMinor ?? 0n, row.currency) : "",
      currency: row.currency ?? "",
      ...(row.orderId ? { orderId: row.orderId } : {}),
      ...(row.payoutId ? { payoutId: row.payoutId } : {}),
      ...(row.note ? { problem: row.note } : {}),
    };
  });
  return { file: { ...file, duplicate: true }, counts: countResults(entries), entries };
}

function parseNote(note: string | null): StoredNote {
  try {
    const parsed = JSON.parse(note ?? "") as Partial<StoredNote>;
    return {
      identity: parsed.identity ?? "",
      amount: parsed.amount ?? "",
      currency: parsed.currency ?? "",
      problem: parsed.problem,
      payoutId: parsed.payoutId,
    };
  } catch {
    return { identity: "", amount: "", currency: "", problem: note ?? undefined };
  }
}
