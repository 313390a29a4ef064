import { ibanHolders } from "../bank/import/iban-holders.ts";
import { mintCredits, routedTargets, type CreditToMint } from "../bank/import/mint-credits.ts";
import { awaitChainTransaction } from "../chains/chain-queue.ts";
import type { Currency } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { IncomingPayment, Order } from "../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import { logger } from "../logging/logger.ts";
import { mayWriteProfile } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { queueHooks } from "./chain-settlement.ts";
import { incomingIban } from "./order-text.ts";

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

/** How long a payment waits for its mint before answering with the order pending (as `processOrder` does). */
const PROCESS_WAIT_MS = 15_000;

/**
 * A payment credited to an IBAN (SPEC "Order states", CONTRACT §5.2): an `issue` order for the IBAN's current target
 * (or, when the payment's memo reads `<chain>:<address>`, another address of the same profile on that chain),
 * `order.created`, and the tokens minted at once (`order.updated` when processed). A payment the bank reports again
 * answers with the order it created the first time. The minting is the bank importer's (`mint-credits.ts`): one
 * statement writes the payment, its order, `order.created` and its mint queued with the order claimed, or nothing.
 */
export async function receiveIncomingPayment(options: {
  payment: IncomingPaymentReport;
  config: Config;
  clock?: Clock;
}): Promise<{ order: Order; repeated: boolean }> {
  const { payment, config, clock = serverClock } = options;
  const prisma = await db();
  const holder = (await ibanHolders(prisma, [payment.iban], payment.writableBy)).get(payment.iban);
  if (!holder || holder.ibanState !== "approved" || !holder.writable) {
    // A payment reported again answers with its order even where its IBAN no longer takes payments.
    const earlier = await prisma.incomingPayment.findUnique({ where: { bankReference: payment.bankReference } });
    if (earlier) return { order: await reportedBefore(earlier, payment), repeated: true };
    throw new AppError("NOT_FOUND", "IBAN not found");
  }
  const credit: CreditToMint = {
    bankReference: payment.bankReference,
    iban: payment.iban,
    profileId: holder.profileId,
    address: holder.address,
    chain: holder.chain,
    amountMinor: payment.amountMinor,
    // The callers' schemas accept only the token's currencies.
    currency: payment.currency as Currency,
    memo: payment.memo,
    debtor: payment.debtor,
    recipients: holder.emails,
  };
  const routed = (await routedTargets(prisma, [credit], config)).get(0);
  const minted = (await mintCredits(prisma, [{ ...credit, ...routed }], config, clock())).get(payment.bankReference);
  if (!minted) {
    // Reported before, or by a report racing this one: the bank reference is taken, and nothing was written.
    const first = await prisma.incomingPayment.findUniqueOrThrow({ where: { bankReference: payment.bankReference } });
    return { order: await reportedBefore(first, payment), repeated: true };
  }
  try {
    const row = await prisma.chainTransaction.findUniqueOrThrow({ where: { id: minted.chainTransactionId } });
    await awaitChainTransaction({ config, hooks: queueHooks(config), clock, row, waitMs: PROCESS_WAIT_MS });
  } catch (error) {
    logger().error({ err: error, orderId: minted.orderId }, "the issue order could not be processed at once");
  }
  return { order: await prisma.order.findUniqueOrThrow({ where: { id: minted.orderId } }), repeated: false };
}

/**
 * The order of a payment reported again: only when it is the same payment (IBAN, amount, currency) and, for a
 * restricted reporter, one of its own. A reference that names another payment is a conflict, and never shows it.
 */
async function reportedBefore(earlier: IncomingPayment, payment: IncomingPaymentReport): Promise<Order> {
  const prisma = await db();
  const order = await prisma.order.findUniqueOrThrow({ where: { id: earlier.orderId } });
  const same =
    incomingIban(earlier) === payment.iban &&
    earlier.amountMinor === payment.amountMinor &&
    earlier.currency === payment.currency &&
    (!payment.writableBy || (await mayWriteProfile(payment.writableBy, order.profileId)));
  if (!same) throw new AppError("CONFLICT", "This bank reference was reported for another payment");
  return order;
}
