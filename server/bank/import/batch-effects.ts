import type { Prisma } from "../../generated/prisma/client.ts";
import { settlePayoutEntry } from "../payments/payouts.ts";
import type { EntryLine } from "./entry-lines.ts";
import type { EntryRow } from "./entry-rows.ts";
import type { ImportContext } from "./import-context.ts";
import { mintCreditsWith, routedTargets, type CreditToMint, type MintAlongside } from "./mint-credits.ts";

/* What a batch's lines do beyond being recorded (./import-lines.ts): its credits minted, its payouts' entries settled. */

/**
 * Mints the batch's mintable credits in one statement; a credit whose reference was minted before is already in.
 * `alongside`: the batch's entries and lines, written in the same statement if every credit is minted under the
 * order id its row names. Answers the ids of the entries written so.
 */
export async function mintBatch(
  ctx: ImportContext,
  toMint: { line: EntryLine; credit: CreditToMint }[],
  rows: EntryRow[],
  alongside?: (everyCredit: Prisma.Sql) => MintAlongside,
): Promise<Set<string>> {
  if (toMint.length === 0) return new Set();
  const routed = await routedTargets(
    ctx.tx,
    toMint.map(({ credit }) => credit),
    ctx.config,
  );
  const credits = toMint.map(({ credit }, index) => ({ ...credit, ...routed.get(index) }));
  const { minted, alongside: written } = await mintCreditsWith(ctx.tx, credits, ctx.config, ctx.now, alongside);
  const missing = credits.filter((credit) => !minted.has(credit.bankReference)).map((c) => c.bankReference);
  // A reference paid in before entries were recorded (the sandbox's payment API): the entry records that order.
  const paidBefore = new Map(
    missing.length === 0
      ? []
      : (
          await ctx.tx.incomingPayment.findMany({
            where: { bankReference: { in: missing } },
            select: { bankReference: true, orderId: true },
          })
        ).map((payment) => [payment.bankReference, payment.orderId]),
  );
  for (const row of rows) {
    if (row.outcome !== "minted") continue;
    row.orderId = minted.get(row.line.identity)?.orderId ?? paidBefore.get(row.line.identity);
    if (!row.orderId) throw new Error(`credit ${row.line.identity} was neither minted nor found`);
  }
  if (written === 0) return new Set();
  if (written === rows.length) return new Set(rows.map((row) => row.id));
  // Some, not all (an identity taken by another import meanwhile): which ones, asked apart (the rare path).
  const ids = rows.map((row) => row.id);
  const found = await ctx.tx.bankEntry.findMany({ where: { id: { in: ids } }, select: { id: true } });
  return new Set(found.map((entry) => entry.id));
}

/** A payout's debit or return: the payouts decide; one that is not ours is ignored (debit) or unmatched (return). */
export async function settlePayout(ctx: ImportContext, row: EntryRow): Promise<void> {
  if (row.outcome !== "payout_debit" && row.outcome !== "payout_return") return;
  const { line } = row;
  const outcome = await settlePayoutEntry(
    ctx.tx,
    {
      kind: row.outcome === "payout_debit" ? "debit" : "return",
      endToEndId: line.endToEndId!,
      amountMinor: line.amount!.minor!,
      currency: line.amount!.currency.toLowerCase(),
      ...(line.returnReason ? { reasonCode: line.returnReason } : {}),
      bankEntryId: row.id,
    },
    { config: ctx.config, now: ctx.now },
  );
  if (outcome) {
    row.payoutId = outcome.payoutId;
    if (outcome.problem) {
      // Ours, but it does not fit the payout: a debit is recorded with why; money that came back is an exception.
      row.problem = `payout ${outcome.endToEndId}: ${outcome.problem}`;
      if (row.outcome === "payout_return") row.outcome = "unmatched";
    }
    await ctx.tx.bankEntry.update({
      where: { id: row.id },
      data: { payoutId: outcome.payoutId, outcome: row.outcome, problem: row.problem ?? null },
    });
    return;
  }
  row.outcome = row.outcome === "payout_debit" ? "ignored" : "unmatched";
  row.problem =
    row.outcome === "ignored"
      ? `a debit that is not one of our payouts (end-to-end id ${line.endToEndId})`
      : `a returned payment whose end-to-end id ${line.endToEndId} is not one of our payouts`;
  await ctx.tx.bankEntry.update({ where: { id: row.id }, data: { outcome: row.outcome, problem: row.problem } });
}
