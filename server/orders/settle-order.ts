import type { AuditActor } from "../audit/record-audit.ts";
import { awaitChainTransaction, givenUpOrders } from "../chains/chain-queue.ts";
import { resolveChain } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Order, Prisma } from "../generated/prisma/client.ts";
import { moneyTransaction } from "../ledger/money-transaction.ts";
import { logger } from "../logging/logger.ts";
import { currentIndex } from "../screening/current-index.ts";
import {
  counterpartSubjects,
  openPartyCases,
  refuseWhileFrozen,
  refuseWhileHeld,
  screenSubjects,
} from "../screening/screen-parties.ts";
import { queueHooks } from "./chain-settlement.ts";
import { orderCounterpart } from "./order-text.ts";
import { queueOrderTransaction } from "./queue-order-transaction.ts";
import { alreadySettled, OPEN, settleIn } from "./settle-in.ts";

/** How long a request that processes an order waits for its chain transaction before answering with it pending. */
const PROCESS_WAIT_MS = 15_000;
/**
 * A redeem to an IBAN screens its counterpart before it is processed (C64): a potential hit opens a case holding the
 * order, committed on its own so it stays open when the processing is then refused.
 */
async function screenCounterpart(order: Order, now: Date): Promise<void> {
  if (order.kind !== "redeem") return;
  const subjects = counterpartSubjects(orderCounterpart(order));
  if (subjects.length === 0) return;
  const hits = screenSubjects(await currentIndex(), subjects);
  if (hits.length === 0) return;
  const prisma = await db();
  await prisma.$transaction((tx) =>
    openPartyCases(tx, { profileId: order.profileId, hits, hold: { holds: "order", holdsId: order.id }, now }),
  );
}

/**
 * Processes an order: an issue order's tokens are minted to its address; a redeem order's held tokens are burned
 * and its payout handed to the bank (a cross-chain redeem instead creates and processes its dependent issue order
 * on the target chain). The order is claimed with a conditional update in the database transaction that queues its
 * mint or burn (`chain-queue.ts`), so among any number of instances and requests one call queues it, once; the
 * queue settles it once, with one `order.updated` (C35). The call drives the queue when no other instance does, and
 * answers when the transaction is settled or after a bounded wait, with the order as it then is. A redeem order
 * whose burn the chain refuses is rejected and its hold released; a refused mint is tried again a bounded number of
 * times, then the order is left pending with the error, for the operator (who may process it again). With an
 * `operator`, the settlement is audited as theirs.
 */
export async function processOrder(options: {
  orderId: string;
  config: Config;
  operator?: AuditActor;
  clock?: Clock;
  /** How long to wait for the chain (default 15 s). */
  waitMs?: number;
  /** Runs in the transaction that claims the order, once it is claimed (four eyes: the approval is taken there). */
  inClaim?: (tx: Prisma.TransactionClient) => Promise<void>;
}): Promise<Order> {
  const { orderId, config, operator, clock = serverClock, waitMs = PROCESS_WAIT_MS, inClaim } = options;
  const prisma = await db();
  const order = await prisma.order.findUnique({ where: { id: orderId } });
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  if (order.kind === "redeem" && !order.signedAt) {
    throw new AppError("CONFLICT", "The order awaits its on-chain signature and cannot be processed yet");
  }
  const chain = resolveChain(order.chain, config.environment);
  if (!chain) throw new Error(`order ${order.id} is on ${order.chain}, not a chain of this environment`);
  const now = clock();
  await screenCounterpart(order, now);
  const row = await moneyTransaction(async (tx) => {
    // Nothing is paid past an open or confirmed hit, nor for a frozen profile (C64, C66); the claim below rolls
    // back with the refusal.
    if (order.kind === "redeem") await refuseWhileHeld(tx, { holds: "order", holdsId: order.id });
    await refuseWhileFrozen(tx, order.profileId);
    // Unclaimed, or (the operator only) given up on: its last transaction failed and none is open. The claim
    // compares the claim time read here, so of two operators retrying at once one wins.
    const retry = operator !== undefined && order.chainAttemptAt !== null && (await givenUp(tx, order.id));
    const { count } = await tx.order.updateMany({
      where: { id: orderId, state: { in: [...OPEN] }, chainAttemptAt: retry ? order.chainAttemptAt : null },
      data: { chainAttemptAt: now },
    });
    if (count !== 1) return undefined;
    await inClaim?.(tx);
    const last = await tx.chainTransaction.findFirst({ where: { orderId }, orderBy: { attempt: "desc" } });
    return queueOrderTransaction(tx, order, config, now, { attempt: (last?.attempt ?? 0) + 1, operator });
  });
  if (!row) throw alreadySettled(await prisma.order.findUniqueOrThrow({ where: { id: orderId } }));
  const outcome = await awaitChainTransaction({ config, hooks: queueHooks(config), clock, row, waitMs });
  const settled = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  if (outcome.state === "failed" && settled.kind === "issue" && OPEN.some((s) => s === settled.state)) {
    throw new AppError("CONFLICT", "The mint failed; it is tried again, then the order stays pending for review");
  }
  if (settled.state === "processed") {
    const child = await prisma.order.findUnique({ where: { parentOrderId: order.id } });
    const childRow = child && (await prisma.chainTransaction.findFirst({ where: { orderId: child.id } }));
    if (childRow) {
      await awaitChainTransaction({ config, hooks: queueHooks(config), clock, row: childRow, waitMs }).catch(
        (error: unknown) =>
          logger().error({ err: error, orderId: child.id }, "the dependent issue order was not processed"),
      );
    }
  }
  return settled;
}

/**
 * Rejects an open order that no one is processing: a redeem order's hold goes back to the wallet. Once, with one
 * `order.updated` (C35).
 */
export async function rejectOrder(options: {
  orderId: string;
  reason: string;
  config: Config;
  operator?: AuditActor;
  clock?: Clock;
}): Promise<Order> {
  const { orderId, reason, config, operator, clock = serverClock } = options;
  const prisma = await db();
  const order = await prisma.order.findUnique({ where: { id: orderId } });
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  return moneyTransaction(async (tx) => {
    // Unclaimed, or given up on (the claim time read here must not have moved: no retry was queued meanwhile).
    const claimedAt = order.chainAttemptAt !== null && (await givenUp(tx, order.id)) ? order.chainAttemptAt : null;
    return settleIn(tx, order, { outcome: "rejected", reason, config, now: clock(), unclaimed: claimedAt, operator });
  });
}

/** Whether the order's chain transactions were given up on (see `givenUpOrders`). */
async function givenUp(tx: Prisma.TransactionClient, orderId: string): Promise<boolean> {
  return (await givenUpOrders(tx, [orderId])).has(orderId);
}
