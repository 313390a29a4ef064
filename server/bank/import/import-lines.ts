import { randomUUID } from "node:crypto";
import { AppError } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Caller } from "../../oauth/caller.ts";
import { debtorSubjects, openPartyCases, screenSubjects, type PartyHit } from "../../screening/screen-parties.ts";
import type { EntryLine } from "./entry-lines.ts";
import {
  earlierEntries,
  earlierEntriesLookUp,
  entriesAlongside,
  insertEntries,
  lookUpTogether,
  type EarlierEntry,
  type EntryRow,
  type StoredEntry,
} from "./entry-rows.ts";
import type { EntryReport, EntryResult } from "./import-report.ts";
import { resolveIdentities, type ResolvedLine } from "./line-identities.ts";
import { holderProblem, ibanHoldersLookUp, type IbanHolder } from "./iban-holders.ts";
import type { CreditToMint } from "./mint-credits.ts";
import { mintBatch, settlePayout } from "./batch-effects.ts";
import type { ImportContext } from "./import-context.ts";

export type { ImportContext };

/*
 * One batch of a file's lines, inside the import's transaction: set-based where it counts (the look-ups, the mints,
 * the entries and the report lines are one statement each for the whole batch), one call per line only for the
 * rare payout debits and returns, which belong to the payouts.
 */

/** A report line and the booked entry it stands for (none for a line that is not booked). */
export type ReportLine = EntryReport & { entryId?: string };

/** Why a credit whose debtor may be on a list was not minted, in words that say nothing of lists. */
export const HELD_FOR_REVIEW = "the payment is held for review";

/** The token carries euros only; bank files write the ISO code. */
const TOKEN_CURRENCY = "EUR";

function reportLine(line: EntryLine, result: EntryResult, extra: Partial<ReportLine> = {}): ReportLine {
  return {
    index: line.index,
    identity: line.identity,
    result,
    amount: line.amount?.decimal ?? "",
    currency: line.amount?.currency ?? "",
    ...extra,
  };
}

/** An earlier entry as a report line shows it (its shape is for telling repeats apart, not for the report). */
function visible(entry: StoredEntry): EarlierEntry {
  const { shape, ...rest } = entry;
  void shape;
  return rest;
}

/** Why a credit line cannot be minted whatever IBAN it names (its amount or currency), or undefined. */
function amountProblem(line: EntryLine): string | undefined {
  const amount = line.amount;
  if (!amount) return "a transaction of a batched entry gives no amount of its own";
  if (amount.minor === null) {
    return line.entry.problems[0] ?? `${amount.decimal} ${amount.currency} is not an amount the token can carry`;
  }
  if (amount.currency !== TOKEN_CURRENCY) return `${amount.currency}: the token is issued in EUR only`;
  if (amount.minor <= 0n) return `${amount.decimal} ${amount.currency} is not a positive amount`;
  return undefined;
}

/** The most entries a batch writes in the statement that mints it (`entriesAlongside`). */
const ALONGSIDE_ROWS = 50;

/** Each import's debtors screened so far: a statement names the same payers again and again. */
const screenedDebtors = new WeakMap<ImportContext, Map<string, PartyHit[]>>();

function screenDebtor(ctx: ImportContext, name: string, iban: string | undefined): PartyHit[] {
  let seen = screenedDebtors.get(ctx);
  if (!seen) screenedDebtors.set(ctx, (seen = new Map<string, PartyHit[]>()));
  const key = `${name}\u0000${iban?.slice(0, 2) ?? ""}`;
  let hits = seen.get(key);
  if (!hits) seen.set(key, (hits = screenSubjects(ctx.screening, debtorSubjects({ name, iban }))));
  return hits;
}

/** A batch's lines under the identities they are recorded with, what was recorded before, and the IBANs' holders. */
export type LookedUpBatch = {
  lines: ResolvedLine[];
  earlier: Map<string, StoredEntry>;
  holders: Map<string, IbanHolder>;
};

/**
 * Looks up what a batch needs from the database in one statement: the entries recorded before under its identities
 * (earlier files' and, inside the import's transaction, this file's earlier batches') and the holders of the IBANs
 * it credits. `client` is the import's transaction, or for a file's first batch, which nothing of the file precedes,
 * any connection, so that the look-up can go out beside the transaction's start.
 */
export async function lookUpBatch(
  client: Prisma.TransactionClient,
  account: string,
  given: readonly EntryLine[],
  writableBy?: Caller,
): Promise<LookedUpBatch> {
  const credited = given.flatMap((line) => (line.kind === "credit" && line.creditorIban ? [line.creditorIban] : []));
  let holders = new Map<string, IbanHolder>();
  const { lines, earlier } = await resolveIdentities(client, account, given, async (identities) => {
    const [entries, found] = await lookUpTogether(
      client,
      earlierEntriesLookUp(identities),
      ibanHoldersLookUp(credited, writableBy),
    );
    holders = found;
    return entries;
  });
  return { lines, earlier, holders };
}

/** The counts of a file's report, and what they become with a batch's lines. */
export type SummaryWith = (lines: readonly ReportLine[]) => Partial<Record<EntryResult, number>>;

/**
 * Imports one batch of lines; answers their report lines in order, and whether they were recorded with the entries
 * (one statement, the usual case); if not, the caller records them (`recordReportLines`).
 */
export async function importLines(
  ctx: ImportContext,
  given: readonly EntryLine[],
  options: { summaryWith: SummaryWith; lookedUp?: Promise<LookedUpBatch> },
): Promise<{ lines: ReportLine[]; recorded: boolean }> {
  const { tx, now } = ctx;
  const { lines, earlier, holders } = await (options.lookedUp ?? lookUpBatch(tx, ctx.account, given, ctx.writableBy));
  /** This batch's entries as they are recorded (a batch naming one credit twice records it once). */
  const recorded = new Map<string, EarlierEntry>();

  const results = new Map<ResolvedLine, ReportLine>();
  const rows: EntryRow[] = [];
  const toMint: { line: EntryLine; credit: CreditToMint }[] = [];
  const seenHere = new Map<string, ResolvedLine>();
  for (const line of lines) {
    if (line.kind === "not_booked") {
      results.set(line, reportLine(line, "ignored", { problem: `not booked (${line.entry.status})` }));
      continue;
    }
    if (ctx.writableBy && line.kind === "credit") {
      // The sandbox's restricted reporters credit only IBANs of profiles they may write; any other is not found.
      const holder = line.creditorIban ? holders.get(line.creditorIban) : undefined;
      if (!holder || !holder.writable || holder.ibanState !== "approved") {
        throw new AppError("NOT_FOUND", "IBAN not found");
      }
    }
    const before = earlier.get(line.identity);
    if (before) {
      results.set(line, { ...reportLine(line, "already_imported"), ...visible(before) });
      continue;
    }
    if (seenHere.has(line.identity)) continue; // answered below, once the first is recorded
    seenHere.set(line.identity, line);
    const id = randomUUID();
    if (line.kind === "contradiction" || line.conflict !== undefined) {
      // Exceptions whatever their kind (C47, C63): never minted here, never taken to a payout.
      const problem = [line.contradiction, line.conflict].filter((part) => part !== undefined).join("; ");
      rows.push({ id, line, outcome: "unmatched", problem });
    } else if (line.kind === "credit") {
      const problem =
        amountProblem(line) ??
        (!line.creditorIban
          ? "the credit names no IBAN it was sent to"
          : line.creditorIban === ctx.account
            ? "a credit to the master account itself names no customer"
            : holderProblem(holders.get(line.creditorIban)));
      if (problem) {
        rows.push({ id, line, outcome: "unmatched", problem });
        continue;
      }
      const holder = holders.get(line.creditorIban!)!;
      const debtorName = line.transaction?.debtorName ?? "";
      const debtorHits = screenDebtor(ctx, debtorName, line.transaction?.debtorIban);
      if (debtorHits.length > 0) {
        // Held as an exception while compliance looks (C64): the case holds this entry, which an operator can
        // assign once the case is cleared. The reason names no list: a sandbox reporter reads it.
        const hold = { holds: "credit" as const, holdsId: id };
        await openPartyCases(ctx.tx, { profileId: holder.profileId, hits: debtorHits, hold, now });
        rows.push({ id, line, outcome: "unmatched", problem: HELD_FOR_REVIEW });
        continue;
      }
      const orderId = randomUUID();
      toMint.push({
        line,
        credit: {
          bankReference: line.identity,
          iban: holder.iban,
          profileId: holder.profileId,
          address: holder.address,
          chain: holder.chain,
          amountMinor: line.amount!.minor!,
          currency: "eur",
          memo: line.remittance,
          debtor: { name: debtorName, ...(line.transaction?.debtorIban ? { iban: line.transaction.debtorIban } : {}) },
          recipients: holder.emails,
          orderId,
        },
      });
      rows.push({ id, line, outcome: "minted", orderId });
    } else if (line.kind === "reversal") {
      const what =
        line.side === "DBIT"
          ? "the bank took back an earlier credit (reversal): check whether it was minted"
          : "the bank gave back an earlier debit (reversal): check the payout it was";
      rows.push({ id, line, outcome: "unmatched", problem: what });
    } else if (line.kind === "return") {
      rows.push(
        line.endToEndId && line.amount?.minor != null
          ? { id, line, outcome: "payout_return" }
          : { id, line, outcome: "unmatched", problem: "a returned payment without an end-to-end id of ours" },
      );
    } else {
      rows.push(
        line.endToEndId && line.amount?.minor != null
          ? { id, line, outcome: "payout_debit" }
          : { id, line, outcome: "ignored", problem: "a debit that is not one of our payouts" },
      );
    }
  }

  const recordedAs = (row: EntryRow): EarlierEntry => ({
    entryId: row.id,
    ...(row.orderId ? { orderId: row.orderId } : {}),
    ...(row.payoutId ? { payoutId: row.payoutId } : {}),
  });
  const recordedLine = (row: EntryRow): ReportLine =>
    reportLine(row.line, row.outcome, { ...recordedAs(row), ...(row.problem ? { problem: row.problem } : {}) });
  const inOrder = (answered: Map<ResolvedLine, ReportLine>, entries: Map<string, EarlierEntry>) =>
    lines.map((line) => {
      const result = answered.get(line);
      if (result) return result;
      // The second mention of a credit within this batch: the first was recorded above.
      return { ...reportLine(line, "already_imported"), ...entries.get(line.identity)! };
    });

  // With no payout to settle between the entries and their lines, the lines are known before the entries are
  // written, as they read once every entry is recorded (all but always): they go in the same statement, and with
  // the batch's mints too when every credit is minted under the order id chosen for it.
  const settles = rows.some((row) => row.outcome === "payout_debit" || row.outcome === "payout_return");
  const expectedLines = () => {
    const answered = new Map(results);
    const entries = new Map(recorded);
    for (const row of rows) {
      answered.set(row.line, recordedLine(row));
      entries.set(row.line.identity, recordedAs(row));
    }
    return inOrder(answered, entries);
  };
  const report = (lines: ReportLine[]) => ({ lines, summary: options.summaryWith(lines) });
  // Only a small batch's: a large one's entries, beside its mints' sealed values in one statement's parameters, would
  // raise the peak memory of a large file's import process (its heap is capped) past what it can spare.
  const before = !settles && rows.length > 0 && rows.length <= ALONGSIDE_ROWS ? expectedLines() : undefined;
  const early = await mintBatch(ctx, toMint, rows, before && entriesAlongside(ctx.fileId, rows, now, report(before)));
  if (before && early.size === rows.length) return { lines: before, recorded: true };
  // Otherwise the entries not written yet, and the lines as they now read (a credit paid before names its order).
  const rest = rows.filter((row) => !early.has(row.id));
  const expected = !settles && rest.length > 0 ? expectedLines() : undefined;
  const inserted = new Set([
    ...early,
    ...(await insertEntries(tx, ctx.fileId, rest, now, expected && report(expected))),
  ]);
  if (expected && inserted.size === rows.length) return { lines: expected, recorded: true };
  for (const row of rows) {
    if (!inserted.has(row.id)) {
      // Recorded meanwhile by another import of the same credit (another file): that one counts.
      const [other] = (await earlierEntries(tx, [row.line.identity])).values();
      if (!other) throw new Error(`entry ${row.line.identity} was neither recorded nor found`);
      recorded.set(row.line.identity, visible(other));
      results.set(row.line, { ...reportLine(row.line, "already_imported"), ...visible(other) });
      continue;
    }
    await settlePayout(ctx, row);
    recorded.set(row.line.identity, recordedAs(row));
    results.set(row.line, recordedLine(row));
  }
  return { lines: inOrder(results, recorded), recorded: false };
}
