import type { Hex } from "viem";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { instructPayout } from "../bank/payments/payouts.ts";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type { Order, Prisma } from "../generated/prisma/client.ts";
import { recordBurn, recordMint, recordRelease, type WalletRef } from "../ledger/movements.ts";
import { createDependentIssue } from "./dependent-issue.ts";
import { orderCounterpart } from "./order-text.ts";
import { recordOrderEvent } from "./order-view.ts";

/** The states an order is settled from. */
export const OPEN = ["placed", "pending"] as const;

const walletOf = (order: Order): WalletRef => ({
  chain: order.chain,
  currency: order.currency,
  addressKey: order.addressKey,
  profileId: order.profileId,
});

export type Settlement = { config: Config; now: Date; operator?: AuditActor } & (
  | { outcome: "processed"; txHash: Hex }
  /** `unclaimed`: rejected by hand, as its claim stands (null: never handed to the chain). */
  | { outcome: "rejected"; reason: string; unclaimed?: Date | null }
);

/**
 * Settles an order inside `tx`: its state, its ledger movements, its event and (for an operator) the audit. A redeem
 * order paid out to an IBAN is not processed by its burn alone: its tokens are burned (the transaction hash
 * recorded) and its payout instructed (`instructPayout`), and the order is `pending` until the payout is in a
 * released payment file, when it becomes `processed` with its one `order.updated` (C35). Where files are released
 * as written (the sandbox) that happens in this same transaction.
 */
export async function settleIn(tx: Prisma.TransactionClient, order: Order, s: Settlement): Promise<Order> {
  const paidOut =
    s.outcome === "processed" && order.kind === "redeem" && orderCounterpart(order).identifier.standard === "iban";
  const { count } = await tx.order.updateMany({
    where: {
      id: order.id,
      state: { in: [...OPEN] },
      // Rejecting by hand: no chain transaction may be under way (none queued, or the mint given up on).
      ...(s.outcome === "rejected" && s.unclaimed !== undefined ? { chainAttemptAt: s.unclaimed } : {}),
    },
    data:
      s.outcome === "rejected"
        ? { state: "rejected", rejectedReason: s.reason, processedAt: null }
        : paidOut
          ? { state: "pending", txHashes: { push: s.txHash.toLowerCase() } }
          : { state: "processed", processedAt: s.now, txHashes: { push: s.txHash.toLowerCase() } },
  });
  if (count !== 1) throw alreadySettled(await tx.order.findUniqueOrThrow({ where: { id: order.id } }));
  const movement = { wallet: walletOf(order), amountMinor: order.amountMinor, orderId: order.id, at: s.now };
  if (s.outcome === "processed") {
    if (order.kind === "issue") await recordMint(tx, movement);
    else await recordBurn(tx, movement);
    // The payout's release (at once in the sandbox) processes the order and records its `order.updated`.
    if (paidOut) await instructPayout(tx, order, { config: s.config, now: s.now });
    else if (order.kind === "redeem") await createDependentIssue(tx, order, s.config, s.now);
  } else {
    if (order.kind === "redeem") await recordRelease(tx, movement);
    // An order no longer waits for a signature once it is settled.
    await tx.pendingSignature.updateMany({
      where: { orderId: order.id, completedAt: null },
      data: { completedAt: s.now },
    });
  }
  const settled = await tx.order.findUniqueOrThrow({ where: { id: order.id } });
  if (!paidOut) await recordOrderEvent(tx, "order.updated", settled, s.now);
  if (s.operator) {
    await recordAudit(tx, {
      actor: s.operator,
      // Processing a redeem whose burn the chain refused rejects it: still the operator's "process".
      action: s.outcome === "rejected" && s.unclaimed !== undefined ? "order.reject" : "order.process",
      subject: { type: "order", id: order.id },
      before: settlementState(order),
      after: settlementState(settled),
      reason: s.outcome === "rejected" && s.unclaimed !== undefined ? s.reason : null,
      at: s.now,
    });
  }
  return settled;
}

/** What the audit log keeps of an order around its settlement. */
function settlementState(order: Order) {
  return {
    state: order.state,
    txHashes: order.txHashes,
    rejectedReason: order.rejectedReason,
    processedAt: order.processedAt?.toISOString() ?? null,
  };
}

export function alreadySettled(order: Order): AppError {
  if (order.state === "processed" || order.state === "rejected") {
    return new AppError("CONFLICT", `The order is already ${order.state}`);
  }
  if (order.kind === "redeem" && order.state === "pending" && order.txHashes.length > 0) {
    return new AppError("CONFLICT", "The order's tokens are burned; its payout waits for a released payment file");
  }
  return new AppError("CONFLICT", "The order is being processed");
}
