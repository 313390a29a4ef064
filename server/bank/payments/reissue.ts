import type { Order, Payout, Prisma } from "../../generated/prisma/client.ts";
import { recordOrderEvent } from "../../orders/order-view.ts";
import { queueOrderTransaction } from "../../orders/queue-order-transaction.ts";
import type { PayoutContext } from "./payout-types.ts";
import { orderCounterpart, sealOrderText } from "../../orders/order-text.ts";

/** The longest memo an order carries (CONTRACT §4.17). */
const MEMO_LENGTH = 140;

/**
 * Gives a redeem's tokens back after its payout was rejected or returned (C50): an issue order for the redeem's
 * profile, address, chain, currency and amount (or the amount that came back, when less), its `parentOrderId` the
 * redeem order (unique: a redeem is re-issued at most once, and an IBAN payout never has a cross-chain dependent
 * issue), a memo naming the payout, `order.created`, and its mint queued in the same transaction, claimed as
 * `processOrder` claims (the queue mints it and records `order.updated`; the caller drives the queue after commit,
 * and every instance's chain job does within a second). The payout's `reissueOrderId` is set by a conditional
 * update, so of two callers one re-issues. Undefined when the payout was re-issued already.
 */
export async function reissueRedeem(
  tx: Prisma.TransactionClient,
  payout: Payout,
  redeem: Order,
  ctx: PayoutContext & { why: "rejected" | "returned"; reasonCode?: string; amountMinor?: bigint },
): Promise<Order | undefined> {
  const { config, now } = ctx;
  if (payout.reissueOrderId !== null) return undefined;
  if (await tx.order.findUnique({ where: { parentOrderId: redeem.id }, select: { id: true } })) return undefined;
  const amountMinor =
    ctx.amountMinor !== undefined && ctx.amountMinor > 0n && ctx.amountMinor < redeem.amountMinor
      ? ctx.amountMinor
      : redeem.amountMinor;
  const reason = ctx.reasonCode ? ` (${ctx.reasonCode})` : "";
  const memo = `Payout ${payout.endToEndId} of order ${redeem.id} ${ctx.why} by the bank${reason}: tokens re-issued`;
  const issue: Order = await tx.order.create({
    data: {
      id: crypto.randomUUID(),
      kind: "issue",
      profileId: redeem.profileId,
      address: redeem.address,
      addressKey: redeem.addressKey,
      chain: redeem.chain,
      currency: redeem.currency,
      amountMinor,
      ...sealOrderText({ counterpart: orderCounterpart(redeem), memo: memo.slice(0, MEMO_LENGTH) }),
      state: "pending",
      placedAt: now,
      parentOrderId: redeem.id,
      chainAttemptAt: now,
    },
  });
  const { count } = await tx.payout.updateMany({
    where: { id: payout.id, reissueOrderId: null },
    data: { reissueOrderId: issue.id },
  });
  if (count !== 1) throw new Error(`Payout ${payout.id} was re-issued meanwhile`);
  await recordOrderEvent(tx, "order.created", issue, now);
  await queueOrderTransaction(tx, issue, config, now, { attempt: 1 });
  return issue;
}
