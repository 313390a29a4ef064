import type { Config } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import type { ChainTransaction, Prisma } from "../generated/prisma/client.ts";
import { chainGateway } from "./configured-gateway.ts";
import { activeTraceparent } from "../telemetry/tracing.ts";

/**
 * The chain transaction queue. Every mint and burn is a `ChainTransaction` row, queued in the database transaction
 * that claims its order. For each sender (the issuer's key, or the simulated chain) and chain, one driver at a time
 * works through the open rows in order: on PostgreSQL whoever holds a session-level advisory lock on a dedicated
 * connection (released by the server when its holder dies, so another instance takes over), on the embedded
 * database (one process) an in-process lock. The driver of a real chain assigns the nonce, signs, stores the signed
 * bytes and their hash, and only then broadcasts; it waits for the receipt and settles the order in the transaction
 * that marks the row confirmed, guarded by a conditional state update so that happens once. A driver that finds
 * signed or sent rows (its predecessor died) broadcasts the same bytes again instead of signing anew. On the
 * simulated chain the "send" is applied inside that same settling transaction, so it is done entirely or not at all.
 *
 * This file queues rows and reads why an order's were given up on; the rest is in its parts: the drivers
 * (`queue-driver.ts`), sending on a real chain (`queue-send-evm.ts`), settling rows (`queue-settle.ts`), the locks
 * that make one driver per queue (`driver-locks.ts`) and what they share (`queue-common.ts`).
 */

export { OPEN_STATES, type DriveOptions, type QueueHooks } from "./queue-common.ts";
export {
  awaitChainTransaction,
  chainDrivesSettled,
  driveAllChainQueues,
  driveChainQueue,
  stopChainDrivers,
} from "./queue-driver.ts";
export { closeDriverLocks, driverLocks, InProcessLocks, PostgresLocks, type DriverLocks } from "./driver-locks.ts";

/** The sender whose nonces a gateway's transactions use on any chain: the issuer's address, or `sandbox`. */
export function queueSender(config: Config): string {
  return chainGateway(config).transactions.sender.toLowerCase();
}

/** Queues a mint or burn for an order, inside the caller's transaction (the one that claims the order). */
export async function queueChainTransaction(
  tx: Prisma.TransactionClient,
  config: Config,
  data: {
    orderId: string;
    kind: "mint" | "burn";
    chain: string;
    currency: string;
    address: string;
    units: bigint;
    attempt?: number;
    notBefore?: Date;
    operator?: { userId: string; requestId?: string };
    now: Date;
  },
): Promise<ChainTransaction> {
  return tx.chainTransaction.create({
    data: {
      id: crypto.randomUUID(),
      orderId: data.orderId,
      kind: data.kind,
      chain: data.chain,
      currency: data.currency,
      address: data.address,
      units: data.units.toString(),
      sender: queueSender(config),
      state: "queued",
      attempt: data.attempt ?? 1,
      notBefore: data.notBefore ?? data.now,
      operator: data.operator,
      createdAt: data.now,
      traceparent: activeTraceparent(),
    },
  });
}

/**
 * Why the chain transactions of these orders were given up on, by order: orders that were handed to the chain,
 * whose transactions all ended and the last one failed (a mint out of attempts, or an order the queue could not
 * settle). Such an order stays open for the operator, who may process it again or reject it.
 */
export async function givenUpOrders(tx: DbOrTx, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx.chainTransaction.findMany({
    where: { orderId: { in: orderIds } },
    orderBy: { attempt: "desc" },
    select: { orderId: true, kind: true, state: true, attempt: true, lastError: true },
  });
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
  const given = new Map<string, string>();
  for (const [orderId, row] of latest) {
    if (row.state !== "failed") continue;
    const why = row.lastError ?? "no error recorded";
    given.set(
      orderId,
      row.kind === "mint"
        ? `The mint failed ${row.attempt} time(s); the last error: ${why}`
        : `The burn failed: ${why}`,
    );
  }
  return given;
}
