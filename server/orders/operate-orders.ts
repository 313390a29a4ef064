import { z } from "zod";
import type { AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { givenUpOrders } from "../chains/chain-queue.ts";
import { db, type DbOrTx } from "../db/client.ts";
import type { Order, Prisma } from "../generated/prisma/client.ts";
import type { ApprovalView } from "../approvals/approval.responses.ts";
import { requestApproval } from "../approvals/request-approval.ts";
import { OPEN } from "./settle-in.ts";
import { AppError } from "../errors.ts";
import { ledgerReport } from "../ledger/ledger-report.ts";
import { formatAmount } from "../money/amount.ts";
import { ORDER_STATES } from "./order.schemas.ts";
import { orderView, type OrderView } from "./order-view.ts";
import type { LedgerOverview, OperatorOrder } from "./operator-order.responses.ts";
import type { Currency } from "../chains/registry.ts";
import { processOrder, rejectOrder } from "./settle-order.ts";

export const operatorOrdersQuery = z.object({
  state: z.enum(ORDER_STATES, `must be one of ${ORDER_STATES.join(", ")}`).optional(),
});

/** How long a claimed order may wait for its chain transaction before the operator is asked to look at it. */
const STUCK_AFTER_MS = 10 * 60_000;

/**
 * `stuck`: claimed for the chain too long ago, or its mint given up on after its attempts (`chainError` says why);
 * the operator may process it again or reject it (`operator-order.responses.ts`).
 */
export type { OperatorOrder };

/** The operator's order queue: open orders first (oldest first), then the latest settled ones. */
export async function listOrdersForOperator(options: {
  state?: (typeof ORDER_STATES)[number];
  clock?: Clock;
}): Promise<{ orders: OperatorOrder[] }> {
  const { state, clock = serverClock } = options;
  const prisma = await db();
  const rows = await prisma.order.findMany({
    where: state ? { state } : { state: { in: ["placed", "pending"] } },
    orderBy: { seq: state === "processed" || state === "rejected" ? "desc" : "asc" },
    take: 200,
  });
  return { orders: await operatorOrderViews(prisma, rows, clock()) };
}

/** The open orders among `rows` that were handed to the chain: those whose transactions may have been given up on. */
export function claimedOpen(rows: Order[]): string[] {
  return rows.filter((r) => (r.state === "placed" || r.state === "pending") && r.chainAttemptAt).map((r) => r.id);
}

/**
 * Orders as the operator sees them (`operatorOrderView`), with what two more reads tell: which of them had their
 * chain transactions given up on, and which redeems are burned and wait for their payout's payment file.
 */
export async function operatorOrderViews(prisma: DbOrTx, rows: Order[], now: Date): Promise<OperatorOrder[]> {
  const claimed = claimedOpen(rows);
  const [givenUp, waiting, held] = await Promise.all([
    givenUpOrders(prisma, claimed),
    claimed.length === 0
      ? []
      : prisma.payout.findMany({
          where: { orderId: { in: claimed }, state: { in: ["instructed", "batched"] } },
          select: { orderId: true },
        }),
    claimed.length === 0
      ? []
      : prisma.chainTransaction.findMany({
          where: { orderId: { in: claimed }, state: "held" },
          select: { orderId: true },
        }),
  ]);
  const awaitingRelease = new Set(waiting.map((p) => p.orderId));
  const mintHeld = new Set(held.map((t) => t.orderId));
  return rows.map((row) =>
    operatorOrderView(row, now, givenUp.get(row.id), {
      release: awaitingRelease.has(row.id),
      mintHeld: mintHeld.has(row.id),
    }),
  );
}

/**
 * An order as the operator sees it: whether it still waits for a Safe's signature, or for its chain too long, or
 * its chain transactions were given up on (`chainError`, from `givenUpOrders`). Two waits are an operator's to end,
 * not the chain's, so neither is stuck: a redeem paid out by IBAN whose tokens are burned and whose payout waits for
 * a payment file's release (`release`), and a mint held at a mint cap until two operators release it (`mintHeld`).
 */
export function operatorOrderView(
  row: Order,
  now: Date,
  chainError?: string,
  waits: { release?: boolean; mintHeld?: boolean } = {},
): OperatorOrder {
  const open = row.state === "placed" || row.state === "pending";
  const awaitingRelease = open && (waits.release ?? false);
  const mintHeld = open && (waits.mintHeld ?? false);
  return {
    ...orderView(row),
    awaitingSignature: row.kind === "redeem" && row.signedAt === null,
    awaitingRelease,
    mintHeld,
    stuck:
      open &&
      !awaitingRelease &&
      !mintHeld &&
      row.chainAttemptAt !== null &&
      (chainError !== undefined || now.getTime() - row.chainAttemptAt.getTime() > STUCK_AFTER_MS),
    chainError: open ? (chainError ?? null) : null,
  };
}

const orderIdSchema = z.string().uuid();

/** What processing answers: the order as it then is, or (four eyes, C59) the approval it waits for. */
export type ProcessOutcome = { order: OrderView } | { approval: ApprovalView };

/**
 * The operator processes an order (audited in the settlement's transaction). With four eyes on, a signed redeem
 * order above the threshold is not processed: it waits for a second operator (C59), who processes it by approving.
 */
export async function operatorProcessOrder(options: {
  orderId: string;
  config: Config;
  operator: AuditActor;
  clock?: Clock;
}): Promise<ProcessOutcome> {
  const { orderId, config, operator, clock = serverClock } = options;
  if (!orderIdSchema.safeParse(orderId).success) throw new AppError("NOT_FOUND", "Order not found");
  const id = orderId.toLowerCase();
  const prisma = await db();
  const order = await prisma.order.findUnique({ where: { id } });
  if (order && needsSecondOperator(order, config)) {
    const approval = await prisma.$transaction((tx) =>
      requestApproval(tx, {
        action: "order.process",
        subject: { type: "order", id },
        payload: {},
        summary: `Process redeem order of ${formatAmount(order.amountMinor)} ${order.currency.toUpperCase()}`,
        actor: operator,
        now: clock(),
      }),
    );
    return { approval };
  }
  return { order: orderView(await processOrder({ orderId: id, config, operator, clock })) };
}

/** A signed, open redeem order above the four-eyes threshold that no burn has been sent for yet. */
function needsSecondOperator(order: Order, config: Config): boolean {
  return (
    config.fourEyes !== undefined &&
    order.kind === "redeem" &&
    order.amountMinor > config.fourEyes.thresholdMinor &&
    order.signedAt !== null &&
    OPEN.some((state) => state === order.state) &&
    order.txHashes.length === 0
  );
}

/** A second operator approved processing (C59): processed as theirs, the approval taken in the claiming transaction. */
export async function processApprovedOrder(options: {
  orderId: string;
  config: Config;
  operator: AuditActor;
  inClaim: (tx: Prisma.TransactionClient) => Promise<void>;
}): Promise<OrderView> {
  return orderView(await processOrder(options));
}

/** The operator rejects an open order with a reason (audited in the same transaction). */
export async function operatorRejectOrder(options: {
  orderId: string;
  reason: string;
  config: Config;
  operator: AuditActor;
}): Promise<OrderView> {
  const { orderId, reason, config, operator } = options;
  if (!orderIdSchema.safeParse(orderId).success) throw new AppError("NOT_FOUND", "Order not found");
  return orderView(await rejectOrder({ orderId: orderId.toLowerCase(), reason, config, operator }));
}

/** The ledger's totals per chain and currency, and whether every invariant holds (C34), amounts as decimals. */
export async function ledgerOverview(): Promise<LedgerOverview> {
  const report = await ledgerReport();
  return {
    consistent: report.consistent,
    totals: report.totals.map((t) => ({
      chain: t.chain,
      // Ledger accounts are opened for orders, whose currency was checked.
      currency: t.currency as Currency,
      minted: formatAmount(t.mintedMinor),
      burned: formatAmount(t.burnedMinor),
      wallets: formatAmount(t.walletsMinor),
      held: formatAmount(t.holdsMinor),
      external: formatAmount(t.externalMinor),
    })),
    unbalancedTransactions: report.unbalancedTransactions,
    driftingAccounts: report.driftingAccounts,
  };
}
