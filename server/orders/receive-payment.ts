import { randomUUID } from "node:crypto";
import { resolveChain } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { Prisma, type IncomingPayment, type Order } from "../generated/prisma/client.ts";
import { AppError } from "../http/errors.ts";
import { logger } from "../logging/logger.ts";
import { recordOrderEvent } from "./order-view.ts";
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
  /** Restricts the IBAN to these profiles (the sandbox simulator: the caller's); undefined for the bank itself. */
  profileIds?: string[];
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
  const earlier = await prisma.incomingPayment.findUnique({ where: { bankReference: payment.bankReference } });
  if (earlier) return { order: await reportedBefore(earlier, payment), repeated: true };

  const iban = await prisma.iban.findFirst({
    where: {
      iban: payment.iban,
      state: "approved",
      ...(payment.profileIds ? { profileId: { in: payment.profileIds } } : {}),
    },
  });
  if (!iban) throw new AppError("NOT_FOUND", "IBAN not found");
  const target = (await routedTarget(payment.memo, iban.profileId, config)) ?? {
    address: iban.address,
    chain: iban.chain,
  };
  const now = clock();
  const memo =
    payment.memo && [...payment.memo].length >= 5 ? [...payment.memo].slice(0, 140).join("") : DEFAULT_ISSUE_MEMO;
  const recorded = await prisma
    .$transaction(async (tx) => {
      const row = await tx.order.create({
        data: {
          id: randomUUID(),
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
          state: "pending",
          placedAt: now,
        },
      });
      await tx.incomingPayment.create({
        data: {
          bankReference: payment.bankReference,
          iban: payment.iban,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          memo: payment.memo,
          debtor: payment.debtor,
          receivedAt: now,
          orderId: row.id,
        },
      });
      await recordOrderEvent(tx, "order.created", row, now);
      return row;
    })
    .catch(async (error: unknown) => {
      // The same payment reported twice at once: the other report recorded it.
      if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
      const first = await prisma.incomingPayment.findUnique({ where: { bankReference: payment.bankReference } });
      if (!first) throw error;
      return undefined;
    });
  if (!recorded) {
    const first = await prisma.incomingPayment.findUniqueOrThrow({ where: { bankReference: payment.bankReference } });
    return { order: await reportedBefore(first, payment), repeated: true };
  }
  const order = recorded;
  try {
    return { order: await processOrder({ orderId: order.id, config, clock }), repeated: false };
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, "the issue order could not be processed at once");
    return { order: await prisma.order.findUniqueOrThrow({ where: { id: order.id } }), repeated: false };
  }
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
    (!payment.profileIds || payment.profileIds.includes(order.profileId));
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
