import { randomUUID } from "node:crypto";
import { resolveChain } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { Prisma, type IncomingPayment, type Order } from "../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import { logger } from "../logging/logger.ts";
import { mayWriteProfile, writableBySql } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { orderCreatedSql } from "./order-view.ts";
import { processOrder } from "./settle-order.ts";

export type IncomingPaymentReport = {
  /** The IBAN credited, electronic format. */
  iban: string;
  amountMinor: bigint;
  currency: string;
  memo?: string;
  debtor: { name: string; iban?: string };
  /** The bank's reference: a payment reported twice is recorded once. */
  bankReference: string;
  /**
   * Restricts the IBAN to profiles this caller may write (the sandbox's bank, called by an application or a
   * person); undefined for the bank itself.
   */
  writableBy?: Caller;
};

/** The memo of an issue order whose payment came without a usable one. */
const DEFAULT_ISSUE_MEMO = "Incoming payment";

/**
 * A payment credited to an IBAN (SPEC "Order states", CONTRACT §5.2): an `issue` order for the IBAN's current target
 * (or, when the payment's memo reads `<chain>:<address>`, another address of the same profile on that chain),
 * `order.created`, and the tokens minted at once (`order.updated` when processed). A payment the bank reports again
 * answers with the order it created the first time.
 */
export async function receiveIncomingPayment(options: {
  payment: IncomingPaymentReport;
  config: Config;
  clock?: Clock;
}): Promise<{ order: Order; repeated: boolean }> {
  const { payment, config, clock = serverClock } = options;
  const prisma = await db();
  const [iban] = await prisma.$queryRaw<{ profileId: string; address: string; chain: string }[]>`
    SELECT i."profileId"::text AS "profileId", i."address", i."chain" FROM "Iban" i
    WHERE i."iban" = ${payment.iban} AND i."state" = 'approved'
      AND ${payment.writableBy ? writableBySql(payment.writableBy, Prisma.sql`i."profileId"`) : Prisma.sql`true`}`;
  if (!iban) {
    // A payment reported again answers with its order even where its IBAN no longer takes payments.
    const earlier = await prisma.incomingPayment.findUnique({ where: { bankReference: payment.bankReference } });
    if (earlier) return { order: await reportedBefore(earlier, payment), repeated: true };
    throw new AppError("NOT_FOUND", "IBAN not found");
  }
  const target = (await routedTarget(payment.memo, iban.profileId, config)) ?? {
    address: iban.address,
    chain: iban.chain,
  };
  const now = clock();
  const memo =
    payment.memo && [...payment.memo].length >= 5 ? [...payment.memo].slice(0, 140).join("") : DEFAULT_ISSUE_MEMO;
  const order: Order = {
    id: randomUUID(),
    seq: 0n,
    kind: "issue",
    profileId: iban.profileId,
    address: target.address,
    addressKey: target.address.toLowerCase(),
    chain: target.chain,
    currency: payment.currency,
    amountMinor: payment.amountMinor,
    counterpart: {
      identifier: { standard: "iban", iban: payment.debtor.iban ?? "" },
      details: { name: payment.debtor.name },
    },
    memo,
    referenceNumber: null,
    state: "pending",
    message: null,
    signature: null,
    messageKey: null,
    signedAt: null,
    supportingDocumentId: null,
    placedAt: now,
    processedAt: null,
    rejectedReason: null,
    txHashes: [],
    chainAttemptAt: null,
    requestHash: null,
    idempotencyKey: null,
    placedById: null,
    parentOrderId: null,
    paymentFileId: null,
    endToEndId: null,
    updatedAt: now,
  };
  const [row] = await prisma.$queryRaw<{ seq: bigint }[]>(recordPaymentSql(payment, order));
  if (!row) {
    // Reported before, or by a report racing this one: the bank reference is taken, and nothing was written.
    const first = await prisma.incomingPayment.findUniqueOrThrow({ where: { bankReference: payment.bankReference } });
    return { order: await reportedBefore(first, payment), repeated: true };
  }
  const recorded = { ...order, seq: row.seq };
  try {
    return { order: await processOrder({ orderId: recorded.id, config, clock }), repeated: false };
  } catch (error) {
    logger().error({ err: error, orderId: recorded.id }, "the issue order could not be processed at once");
    return { order: await prisma.order.findUniqueOrThrow({ where: { id: recorded.id } }), repeated: false };
  }
}

/**
 * One statement records the payment: the incoming payment under its bank reference, then (drawing on that row, so
 * only when it was new) the issue order and `order.created` as `recordEvent` would write it (same table, same
 * columns, the order as the API shows it). One round trip, one implicit transaction: all of it is written or none.
 * A bank reference already recorded, even by a report committing meanwhile, writes nothing and returns no row.
 */
function recordPaymentSql(payment: IncomingPaymentReport, o: Order): Prisma.Sql {
  return Prisma.sql`
    WITH "payment" AS (
      INSERT INTO "IncomingPayment" (
        "id", "bankReference", "iban", "amountMinor", "currency", "memo", "debtor", "receivedAt", "orderId"
      ) VALUES (
        gen_random_uuid(), ${payment.bankReference}, ${payment.iban}, ${payment.amountMinor}::bigint,
        ${payment.currency}, ${payment.memo ?? null}, ${JSON.stringify(payment.debtor)}::jsonb,
        ${o.placedAt}::timestamptz, ${o.id}::uuid
      )
      ON CONFLICT ("bankReference") DO NOTHING
      RETURNING "orderId"
    ), "placed" AS (
      INSERT INTO "Order" (
        "id", "kind", "profileId", "address", "addressKey", "chain", "currency", "amountMinor", "counterpart", "memo",
        "state", "placedAt", "updatedAt"
      )
      SELECT ${o.id}::uuid, ${o.kind}::"OrderKind", ${o.profileId}::uuid, ${o.address}, ${o.addressKey}, ${o.chain},
        ${o.currency}, ${o.amountMinor}::bigint, ${JSON.stringify(o.counterpart)}::jsonb, ${o.memo},
        ${o.state}::"OrderState", ${o.placedAt}::timestamptz, ${o.updatedAt}::timestamptz
      FROM "payment"
      RETURNING "seq"
    ), "event" AS (${orderCreatedSql(o, Prisma.raw('"placed"'))}
    )
    SELECT "seq" FROM "placed"`;
}

/**
 * The order of a payment reported again: only when it is the same payment (IBAN, amount, currency) and, for a
 * restricted reporter, one of its own. A reference that names another payment is a conflict, and never shows it.
 */
async function reportedBefore(earlier: IncomingPayment, payment: IncomingPaymentReport): Promise<Order> {
  const prisma = await db();
  const order = await prisma.order.findUniqueOrThrow({ where: { id: earlier.orderId } });
  const same =
    earlier.iban === payment.iban &&
    earlier.amountMinor === payment.amountMinor &&
    earlier.currency === payment.currency &&
    (!payment.writableBy || (await mayWriteProfile(payment.writableBy, order.profileId)));
  if (!same) throw new AppError("CONFLICT", "This bank reference was reported for another payment");
  return order;
}

/** A memo `<chain>:<address>` naming another linked address of the same profile routes the mint there. */
async function routedTarget(
  memo: string | undefined,
  profileId: string,
  config: Config,
): Promise<{ address: string; chain: string } | undefined> {
  const match = memo && /^\s*([a-z0-9]+):(0x[0-9a-fA-F]{40})\s*$/.exec(memo);
  if (!match) return undefined;
  const chain = resolveChain(match[1]!, config.environment);
  if (!chain) return undefined;
  const prisma = await db();
  const link = await prisma.address.findUnique({
    where: { addressKey_chain: { addressKey: match[2]!.toLowerCase(), chain: chain.name } },
  });
  return link && link.profileId === profileId ? { address: link.address, chain: chain.name } : undefined;
}
