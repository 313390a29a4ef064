import type { Hex } from "viem";
import type { AuditActor } from "../audit/record-audit.ts";
import { driveAllChainQueues, type QueueHooks } from "../chains/chain-queue.ts";
import type { Config } from "../config.ts";
import { logger } from "../logging/logger.ts";
import { admitMints } from "../reserves/mint-caps.ts";
import { queueOrderTransaction } from "./queue-order-transaction.ts";
import { settleIn } from "./settle-in.ts";
import { lockSettlements } from "./settlement-locks.ts";
import { settleIssuedMints } from "./settle-issued-mints.ts";

/** Why a redeem order is declined when the tokens are no longer at the address (CONTRACT §5.2). */
export const INSUFFICIENT_FUNDS_REASON = "Declined due to insufficient funds.";

/** A mint the chain refused is tried this many times in all, then left to the operator. */
export const MINT_ATTEMPTS = 3;
/** The wait before a refused mint's next attempt, per attempt made. */
const MINT_RETRY_DELAY_MS = 5_000;

/** How the chain queue settles orders: processed when confirmed; rejected, retried or surfaced when refused. */
export function queueHooks(config: Config): QueueHooks {
  return {
    admit: (rows, now) => admitMints(config, rows, now),
    confirmed: async (tx, row, now) => {
      const order = await tx.order.findUniqueOrThrow({ where: { id: row.orderId } });
      await settleIn(tx, order, {
        outcome: "processed",
        txHash: row.txHash as Hex,
        config,
        now,
        operator: (row.operator as AuditActor | null) ?? undefined,
      });
    },
    lockBatch: lockSettlements,
    confirmedMints: (tx, rows, now) =>
      settleIssuedMints(
        tx,
        rows.map((row) => ({ orderId: row.orderId, txHash: row.txHash })),
        now,
      ),
    failed: async (tx, row, error, now) => {
      const order = await tx.order.findUniqueOrThrow({ where: { id: row.orderId } });
      logger().error(
        { orderId: order.id, kind: order.kind, attempt: row.attempt, error },
        "the chain refused the order's transaction",
      );
      if (row.kind === "burn") {
        await settleIn(tx, order, {
          outcome: "rejected",
          reason: INSUFFICIENT_FUNDS_REASON,
          config,
          now,
          operator: (row.operator as AuditActor | null) ?? undefined,
        });
      } else if (row.attempt < MINT_ATTEMPTS) {
        await queueOrderTransaction(tx, order, config, now, {
          attempt: row.attempt + 1,
          notBefore: new Date(now.getTime() + MINT_RETRY_DELAY_MS * row.attempt),
          operator: (row.operator as AuditActor | null) ?? undefined,
        });
      } else {
        // Given up on: the order stays pending, flagged stuck with the error, for the operator.
      }
    },
  };
}

/** Drives every queued mint and burn this instance can take (each instance's periodic job). */
export async function driveChainTransactions(config: Config): Promise<void> {
  await driveAllChainQueues({ config, hooks: queueHooks(config) });
}
