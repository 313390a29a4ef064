import type { Hex } from "viem";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { bankGateway } from "../bank/sandbox-bank.ts";
import { chainGateway } from "../chains/configured-gateway.ts";
import { resolveChain, tokenContract, type Currency } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { Order, Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../http/errors.ts";
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

/**
 * Processes an order: an issue order's tokens are minted to its address; a redeem order's held tokens are burned
 * and its payout handed to the bank (a cross-chain redeem instead creates and processes its dependent issue order
 * on the target chain). The order is claimed first with a conditional update, so among any number of instances and
 * requests one call does the chain work, once; the order then leaves its state once, with one `order.updated`
 * (C35). A redeem order whose burn the chain refuses is rejected and its hold released. A chain failure on an issue
 * order leaves it pending and claimed, for the operator to look at: minting again could mint twice. With an
 * `operator`, the settlement is audited as theirs.
 */
export async function processOrder(options: {
  orderId: string;
  config: Config;
  operator?: AuditActor;
  clock?: Clock;
}): Promise<Order> {
  const { orderId, config, operator, clock = serverClock } = options;
  const prisma = await db();
  const order = await prisma.order.findUnique({ where: { id: orderId } });
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  if (order.kind === "redeem" && !order.signedAt) {
    throw new AppError("CONFLICT", "The order awaits its on-chain signature and cannot be processed yet");
  }
  const { count } = await prisma.order.updateMany({
    where: { id: orderId, state: { in: [...OPEN] }, chainAttemptAt: null },
    data: { chainAttemptAt: clock() },
  });
  if (count !== 1) throw alreadySettled(await prisma.order.findUniqueOrThrow({ where: { id: orderId } }));

  const chain = resolveChain(order.chain, config.environment);
  if (!chain) throw new Error(`order ${order.id} is on ${order.chain}, not a chain of this environment`);
  const currency = order.currency as Currency;
  const units = minorToTokenUnits(order.amountMinor, tokenContract(chain, currency).decimals);
  const gateway = chainGateway(config);
  let txHash: Hex;
  try {
    ({ txHash } =
      order.kind === "issue"
        ? await gateway.mint(chain, currency, order.address as Hex, units)
        : await gateway.burn(chain, currency, order.address as Hex, units));
  } catch (error) {
    logger().error({ err: error, orderId: order.id, kind: order.kind }, "the chain refused the order's transaction");
    if (order.kind === "issue") throw new AppError("CONFLICT", "The mint failed; the order stays pending for review");
    return settle(order, { outcome: "rejected", reason: INSUFFICIENT_FUNDS_REASON, config, now: clock(), operator });
  }
  const processed = await settle(order, { outcome: "processed", txHash, config, now: clock(), operator });
  const child = await prisma.order.findUnique({ where: { parentOrderId: order.id } });
  if (child) {
    await processOrder({ orderId: child.id, config, clock }).catch((error: unknown) =>
      logger().error({ err: error, orderId: child.id }, "the dependent issue order could not be processed"),
    );
  }
  return processed;
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
  return settle(order, { outcome: "rejected", reason, config, now: clock(), unclaimed: true, operator });
}

type Settlement = { config: Config; now: Date; operator?: AuditActor } & (
  { outcome: "processed"; txHash: Hex } | { outcome: "rejected"; reason: string; unclaimed?: boolean }
);

async function settle(order: Order, s: Settlement): Promise<Order> {
  const prisma = await db();
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
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({
      where: {
        id: order.id,
        state: { in: [...OPEN] },
        ...(s.outcome === "rejected" && s.unclaimed ? { chainAttemptAt: null } : {}),
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
      if (order.kind === "redeem" && !payout) await createDependentIssue(tx, order, s.now);
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
        action: s.outcome === "rejected" && s.unclaimed ? "order.reject" : "order.process",
        subject: { type: "order", id: order.id },
        before: settlementState(order),
        after: settlementState(settled),
        reason: s.outcome === "rejected" && s.unclaimed ? s.reason : null,
        at: s.now,
      });
    }
    return settled;
  });
}

/** A cross-chain redeem's other half: an issue order of the same amount to the target address and chain. */
async function createDependentIssue(tx: Prisma.TransactionClient, order: Order, now: Date): Promise<void> {
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
    },
  });
  await recordOrderEvent(tx, "order.created", issue, now);
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
