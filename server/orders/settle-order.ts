import type { Hex } from "viem";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { bankGateway } from "../bank/sandbox-bank.ts";
import {
  awaitChainTransaction,
  driveAllChainQueues,
  givenUpOrders,
  queueChainTransaction,
  type QueueHooks,
} from "../chains/chain-queue.ts";
import { resolveChain, tokenContract, type Currency } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { Order, Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import { logger } from "../logging/logger.ts";
import { recordBurn, recordMint, recordRelease, type WalletRef } from "../ledger/movements.ts";
import { minorToTokenUnits } from "../money/amount.ts";
import { recordOrderEvent, type CounterpartView } from "./order-view.ts";

/** Why a redeem order is declined when the tokens are no longer at the address (CONTRACT §5.2). */
export const INSUFFICIENT_FUNDS_REASON = "Declined due to insufficient funds.";

const OPEN = ["placed", "pending"] as const;

const walletOf = (order: Order): WalletRef => ({
  chain: order.chain,
  currency: order.currency,
  addressKey: order.addressKey,
  profileId: order.profileId,
});

/** How long a request that processes an order waits for its chain transaction before answering with it pending. */
const PROCESS_WAIT_MS = 15_000;
/** A mint the chain refused is tried this many times in all, then left to the operator. */
export const MINT_ATTEMPTS = 3;
/** The wait before a refused mint's next attempt, per attempt made. */
const MINT_RETRY_DELAY_MS = 5_000;

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
}): Promise<Order> {
  const { orderId, config, operator, clock = serverClock, waitMs = PROCESS_WAIT_MS } = options;
  const prisma = await db();
  const order = await prisma.order.findUnique({ where: { id: orderId } });
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  if (order.kind === "redeem" && !order.signedAt) {
    throw new AppError("CONFLICT", "The order awaits its on-chain signature and cannot be processed yet");
  }
  const chain = resolveChain(order.chain, config.environment);
  if (!chain) throw new Error(`order ${order.id} is on ${order.chain}, not a chain of this environment`);
  const now = clock();
  const row = await prisma.$transaction(async (tx) => {
    // Unclaimed, or (the operator only) given up on: its last transaction failed and none is open. The claim
    // compares the claim time read here, so of two operators retrying at once one wins.
    const retry = operator !== undefined && order.chainAttemptAt !== null && (await givenUp(tx, order.id));
    const { count } = await tx.order.updateMany({
      where: { id: orderId, state: { in: [...OPEN] }, chainAttemptAt: retry ? order.chainAttemptAt : null },
      data: { chainAttemptAt: now },
    });
    if (count !== 1) return undefined;
    const last = await tx.chainTransaction.findFirst({ where: { orderId }, orderBy: { attempt: "desc" } });
    return queueFor(tx, order, config, now, { attempt: (last?.attempt ?? 0) + 1, operator });
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

/** Queues an order's mint or burn (inside the transaction that claims it). */
function queueFor(
  tx: Prisma.TransactionClient,
  order: Order,
  config: Config,
  now: Date,
  extra: { attempt: number; notBefore?: Date; operator?: AuditActor },
) {
  const chain = resolveChain(order.chain, config.environment);
  if (!chain) throw new Error(`order ${order.id} is on ${order.chain}, not a chain of this environment`);
  const currency = order.currency as Currency;
  return queueChainTransaction(tx, config, {
    orderId: order.id,
    kind: order.kind === "issue" ? "mint" : "burn",
    chain: chain.name,
    currency,
    address: order.address,
    units: minorToTokenUnits(order.amountMinor, tokenContract(chain, currency).decimals),
    now,
    ...extra,
  });
}

/** How the chain queue settles orders: processed when confirmed; rejected, retried or surfaced when refused. */
export function queueHooks(config: Config): QueueHooks {
  return {
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
        await queueFor(tx, order, config, now, {
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
  return prisma.$transaction(async (tx) => {
    // Unclaimed, or given up on (the claim time read here must not have moved: no retry was queued meanwhile).
    const claimedAt = order.chainAttemptAt !== null && (await givenUp(tx, order.id)) ? order.chainAttemptAt : null;
    return settleIn(tx, order, { outcome: "rejected", reason, config, now: clock(), unclaimed: claimedAt, operator });
  });
}

type Settlement = { config: Config; now: Date; operator?: AuditActor } & (
  | { outcome: "processed"; txHash: Hex }
  /** `unclaimed`: rejected by hand, as its claim stands (null: never handed to the chain). */
  | { outcome: "rejected"; reason: string; unclaimed?: Date | null }
);

/** Settles an order inside `tx`: its state, its ledger movements, its event and (for an operator) the audit. */
async function settleIn(tx: Prisma.TransactionClient, order: Order, s: Settlement): Promise<Order> {
  const payout =
    s.outcome === "processed" &&
    order.kind === "redeem" &&
    (order.counterpart as CounterpartView).identifier.standard === "iban"
      ? await bankGateway().sendPayout({
          orderId: order.id,
          amountMinor: order.amountMinor,
          currency: order.currency,
          counterpart: order.counterpart as CounterpartView,
          remittance: order.referenceNumber ?? order.memo,
        })
      : undefined;
  {
    const { count } = await tx.order.updateMany({
      where: {
        id: order.id,
        state: { in: [...OPEN] },
        // Rejecting by hand: no chain transaction may be under way (none queued, or the mint given up on).
        ...(s.outcome === "rejected" && s.unclaimed !== undefined ? { chainAttemptAt: s.unclaimed } : {}),
      },
      data:
        s.outcome === "processed"
          ? { state: "processed", processedAt: s.now, txHashes: { push: s.txHash.toLowerCase() } }
          : { state: "rejected", rejectedReason: s.reason, processedAt: null },
    });
    if (count !== 1) throw alreadySettled(await tx.order.findUniqueOrThrow({ where: { id: order.id } }));
    const movement = { wallet: walletOf(order), amountMinor: order.amountMinor, orderId: order.id, at: s.now };
    if (s.outcome === "processed") {
      if (order.kind === "issue") await recordMint(tx, movement);
      else await recordBurn(tx, movement);
      if (payout) {
        await tx.payout.create({
          data: {
            orderId: order.id,
            bankReference: payout.bankReference,
            amountMinor: order.amountMinor,
            currency: order.currency,
            counterpart: order.counterpart as Prisma.InputJsonValue,
            sentAt: s.now,
          },
        });
      }
      if (order.kind === "redeem" && !payout) await createDependentIssue(tx, order, s.config, s.now);
    } else {
      if (order.kind === "redeem") await recordRelease(tx, movement);
      // An order no longer waits for a signature once it is settled.
      await tx.pendingSignature.updateMany({
        where: { orderId: order.id, completedAt: null },
        data: { completedAt: s.now },
      });
    }
    const settled = await tx.order.findUniqueOrThrow({ where: { id: order.id } });
    await recordOrderEvent(tx, "order.updated", settled, s.now);
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
}

/** Whether the order's chain transactions were given up on (see `givenUpOrders`). */
async function givenUp(tx: Prisma.TransactionClient, orderId: string): Promise<boolean> {
  return (await givenUpOrders(tx, [orderId])).has(orderId);
}

/** A cross-chain redeem's other half: an issue order of the same amount to the target address and chain. */
async function createDependentIssue(
  tx: Prisma.TransactionClient,
  order: Order,
  config: Config,
  now: Date,
): Promise<void> {
  const identifier = (order.counterpart as CounterpartView).identifier;
  if (identifier.standard !== "chain") return;
  const target = await tx.address.findFirst({
    where: { addressKey: identifier.address.toLowerCase(), chain: identifier.chain },
    select: { profileId: true },
  });
  const issue = await tx.order.create({
    data: {
      id: crypto.randomUUID(),
      kind: "issue",
      profileId: target?.profileId ?? order.profileId,
      address: identifier.address,
      addressKey: identifier.address.toLowerCase(),
      chain: identifier.chain,
      currency: order.currency,
      amountMinor: order.amountMinor,
      counterpart: { identifier: { standard: "chain", address: order.address, chain: order.chain }, details: {} },
      memo: order.memo,
      referenceNumber: order.referenceNumber,
      state: "pending",
      placedAt: now,
      parentOrderId: order.id,
      // Claimed and queued at once: its mint is settled by the queue like any other.
      chainAttemptAt: now,
    },
  });
  await recordOrderEvent(tx, "order.created", issue, now);
  await queueFor(tx, issue, config, now, { attempt: 1 });
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

function alreadySettled(order: Order): AppError {
  if (order.state === "processed" || order.state === "rejected") {
    return new AppError("CONFLICT", `The order is already ${order.state}`);
  }
  return new AppError("CONFLICT", "The order is being processed");
}
