import type { Payout, PayoutState, PayoutStatusLevel, Prisma } from "../../generated/prisma/client.ts";
import { logger } from "../../logging/logger.ts";
import type { PayoutContext, PayoutOutcome } from "./payout-types.ts";
import { mailPayout } from "./mail-payout.ts";
import { reissueRedeem } from "./reissue.ts";

/**
 * Where a payout may go from where, as the bank answers: accepted once its file was released; debited once released
 * or accepted; rejected (the money never left) once released or accepted; returned (it came back) once released,
 * accepted or debited. A report or entry already applied finds the payout in the state it moves to and changes
 * nothing; any other state is a problem reported, never a move (a debit does not undo a rejection). A pain.002's
 * acceptance or rejection also carries the level that gave it (`statusLevel`): it does not move a payout an earlier,
 * more specific status accepted (a group RJCT does not undo a payment's own ACCP), while a payment's own RJCT after
 * its acceptance (ACTC, then RJCT for want of funds, as banks send them) still rejects it.
 */
const FROM: Readonly<Record<"accepted" | "debited" | "rejected" | "returned", readonly PayoutState[]>> = {
  accepted: ["released"],
  debited: ["released", "accepted"],
  rejected: ["released", "accepted"],
  returned: ["released", "accepted", "debited"],
};

export type Move = {
  to: keyof typeof FROM;
  reasonCode?: string;
  /** For a return: the amount that came back (the re-issue gives back at most that). */
  amountMinor?: bigint;
  /** For a pain.002 status: the level that gave it. */
  level?: PayoutStatusLevel;
};

/** Least specific first. */
const LEVELS: readonly PayoutStatusLevel[] = ["group", "paymentInformation", "transaction"];
const LEVEL_WORDS: Readonly<Record<PayoutStatusLevel, string>> = {
  group: "group",
  paymentInformation: "payment information",
  transaction: "transaction",
};

/** The levels a status of `level` may overrule: its own and the less specific ones. */
function overruledBy(level: PayoutStatusLevel): PayoutStatusLevel[] {
  return LEVELS.slice(0, LEVELS.indexOf(level) + 1);
}

/** A payout not answered by any level yet, or last by one `level` may overrule. */
function answerableBy(level: PayoutStatusLevel | undefined, below = false): Prisma.PayoutWhereInput {
  if (!level) return {};
  const levels = below ? overruledBy(level).filter((other) => other !== level) : overruledBy(level);
  return { OR: [{ statusLevel: null }, { statusLevel: { in: levels } }] };
}

/**
 * Moves the payout as the bank said, by a conditional update on its state (of two imports applying the same report
 * one moves it), and for a rejection or a return gives back what was paid out, once (`giveBack`).
 */
export async function movePayout(
  tx: Prisma.TransactionClient,
  payout: Payout,
  move: Move,
  ctx: PayoutContext,
): Promise<PayoutOutcome> {
  const base = { payoutId: payout.id, endToEndId: payout.endToEndId };
  const { count } = await tx.payout.updateMany({
    where: { id: payout.id, state: { in: [...FROM[move.to]] }, ...answerableBy(move.level) },
    data: {
      state: move.to,
      settledAt: ctx.now,
      ...(move.to === "rejected" || move.to === "returned" ? { reasonCode: move.reasonCode ?? null } : {}),
      ...(move.level ? { statusLevel: move.level } : {}),
    },
  });
  const current = await tx.payout.findUniqueOrThrow({ where: { id: payout.id } });
  if (count !== 1) {
    if (current.state === move.to || (move.to === "accepted" && current.state === "debited")) {
      // Accepted again, by a more specific level: that level now stands against less specific ones.
      if (move.to === "accepted" && current.state === "accepted" && move.level) {
        await tx.payout.updateMany({
          where: { id: payout.id, state: "accepted", ...answerableBy(move.level, true) },
          data: { statusLevel: move.level },
        });
      }
      return { ...base, state: current.state, changed: false };
    }
    const problem =
      move.level && current.statusLevel && FROM[move.to].includes(current.state)
        ? `the ${LEVEL_WORDS[move.level]} status says ${move.to}, but a ${LEVEL_WORDS[current.statusLevel]} ` +
          `status made the payout ${current.state}, and stands`
        : `the bank says ${move.to}, but the payout is ${current.state}`;
    logger().warn({ payoutId: payout.id, endToEndId: payout.endToEndId, problem }, "payout not moved");
    return { ...base, state: current.state, changed: false, problem };
  }
  // The customer is told once, with the move: paid out, or back.
  if (move.to === "debited" || move.to === "returned") await mailPayout(tx, current, move.to);
  if (move.to !== "rejected" && move.to !== "returned") return { ...base, state: move.to, changed: true };
  const reissueOrderId = await giveBack(tx, current, move, ctx);
  return { ...base, state: move.to, changed: true, ...(reissueOrderId ? { reissueOrderId } : {}) };
}

/**
 * What a rejected or returned payout gives back (C50): a redeem's tokens, re-issued once (`reissueRedeem`); a credit
 * returned to its sender goes back to the exceptions queue (`unmatched`, with the bank's reason), for the operator
 * to assign or look into.
 */
async function giveBack(
  tx: Prisma.TransactionClient,
  payout: Payout,
  move: Move,
  ctx: PayoutContext,
): Promise<string | undefined> {
  const how = move.to === "rejected" ? "rejected" : "returned";
  if (payout.orderId !== null) {
    const redeem = await tx.order.findUniqueOrThrow({ where: { id: payout.orderId } });
    const issue = await reissueRedeem(tx, payout, redeem, {
      ...ctx,
      why: how,
      reasonCode: move.reasonCode,
      amountMinor: move.amountMinor,
    });
    return issue?.id;
  }
  if (payout.bankEntryId !== null) {
    const reason = move.reasonCode ? ` (${move.reasonCode})` : "";
    await tx.bankEntry.updateMany({
      where: { id: payout.bankEntryId, outcome: "returned" },
      data: {
        outcome: "unmatched",
        problem: `The return to the sender was ${how} by the bank${reason}`,
        resolvedAt: null,
        resolvedById: null,
      },
    });
  }
  return undefined;
}
