import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { AppError } from "../../errors.ts";
import type { BankEntry, Order, Payout, Prisma } from "../../generated/prisma/client.ts";
import { logger } from "../../logging/logger.ts";
import { orderCounterpart, orderMemo } from "../../orders/order-text.ts";
import type { CounterpartView } from "../../orders/order.responses.ts";
import { entryText } from "../import/entry-text.ts";
import { redeemEndToEndId, returnEndToEndId } from "./end-to-end-id.ts";
import { payoutCounterpart, redeemRemittance, remittanceText, SEPA_CURRENCY, sepaName } from "./payment-text.ts";
import { sealPayoutText } from "./payout-text.ts";
import type { PayoutContext } from "./payout-types.ts";
import { announceReleaseSoon, releaseWrittenFile } from "./release-payment-file.ts";
import { paymentFileBytes, recordPaymentFile } from "./write-payment-file.ts";
import { openProfileName } from "../../profiles/profile-name.ts";

/**
 * A redeem order's payout once its tokens are burned (inside the transaction that records the burn): a `Payout` in
 * state `instructed` under the order's end-to-end id (`redeemEndToEndId`), to the order's counterpart, with its
 * reference number (an RF creditor reference when it is one) else its memo as remittance. Where files are made at
 * once and released as written (`paymentRunIntervalSeconds` 0 and `autoRelease`: the sandbox), the payout is
 * written into a payment file of its own and released in the same transaction, which processes the order (one
 * `order.updated`), and `released` is true; otherwise the next payment run batches it and the order stays pending.
 */
export async function instructPayout(
  tx: Prisma.TransactionClient,
  order: Order,
  ctx: PayoutContext,
): Promise<{ payoutId: string; released: boolean }> {
  const counterpart = orderCounterpart(order);
  if (order.kind !== "redeem" || counterpart.identifier.standard !== "iban") {
    throw new Error(`Order ${order.id} is not a redeem order paid out to an IBAN`);
  }
  const endToEndId = redeemEndToEndId(order.id);
  const profile = await tx.profile.findUnique({ where: { id: order.profileId }, select: { name: true } });
  const payout = await tx.payout.create({
    data: {
      orderId: order.id,
      endToEndId,
      bankReference: endToEndId,
      amountMinor: order.amountMinor,
      currency: order.currency.toLowerCase(),
      ...sealPayoutText({
        counterpart: payoutCounterpart(counterpart, openProfileName(profile?.name)),
        remittance: redeemRemittance({ referenceNumber: order.referenceNumber, memo: orderMemo(order) }, endToEndId),
      }),
      state: "instructed",
      sentAt: ctx.now,
    },
  });
  return { payoutId: payout.id, released: await releaseAtOnce(tx, payout, ctx) };
}

/**
 * The IBAN an unmatched credit can be sent back to, or the refusal: a credit returned before, without a valid
 * debtor IBAN, not in euros or of an amount euros cannot carry cannot be returned by SEPA. Asked before a return is
 * instructed, and before one is put to a second operator (four eyes), who could otherwise only fail to approve it.
 */
export async function returnableTo(tx: Prisma.TransactionClient, entry: BankEntry): Promise<string> {
  if (entry.side !== "CRDT" || entry.outcome !== "unmatched") {
    throw new AppError("CONFLICT", "Only an unmatched credit can be returned to its sender");
  }
  const earlier = await tx.payout.findUnique({ where: { bankEntryId: entry.id }, select: { state: true } });
  if (earlier) {
    throw new AppError(
      "CONFLICT",
      `The credit was returned to its sender before and the bank ${earlier.state === "rejected" ? "rejected" : "sent back"} that payment: assign it instead`,
    );
  }
  const { debtorIban } = entryText(entry);
  const iban = debtorIban === null ? undefined : electronicFormatIBAN(debtorIban);
  if (!iban || !isValidIBAN(iban)) {
    throw new AppError("VALIDATION", "The credit cannot be returned: the bank reported no valid debtor IBAN", {
      debtorIban: "is missing or not a valid IBAN",
    });
  }
  if (entry.currency.toLowerCase() !== SEPA_CURRENCY) {
    throw new AppError("VALIDATION", "The credit cannot be returned: SEPA returns euros only", {
      currency: `is ${entry.currency}, not EUR`,
    });
  }
  // A credit of an amount euros cannot carry (10.005 EUR) is recorded as 0 with the bank's amount in its problem:
  // returning it would send 0.00 back and keep the money.
  if (entry.amountMinor <= 0n) {
    throw new AppError("VALIDATION", "The credit cannot be returned by SEPA: its amount is not one euros carry", {
      amount: `is not a positive number of cents (${entry.problem ?? "see the entry"}): settle it with the bank`,
    });
  }
  return iban;
}

/**
 * The console's "return to sender" of an unmatched credit: a payout of the credit's amount to its debtor (name and
 * IBAN as the bank reported them), end-to-end id `returnEndToEndId(entry.id)`, remittance naming the original
 * reference (the credit's end-to-end id, else its identity). The entry becomes `returned` with the payout's id, by a
 * conditional update (a credit is returned once; a `CONFLICT` otherwise). It goes into the next payment file like
 * any payout (at once in the sandbox). A credit without a debtor IBAN, not in euros or of an amount euros cannot
 * carry, cannot be sent back by SEPA (`VALIDATION`).
 */
export async function instructReturn(
  tx: Prisma.TransactionClient,
  entry: BankEntry,
  ctx: PayoutContext,
): Promise<{ payoutId: string }> {
  const iban = await returnableTo(tx, entry);
  const endToEndId = returnEndToEndId(entry.id);
  const original =
    entry.endToEndId && entry.endToEndId !== "NOTPROVIDED" ? entry.endToEndId : entry.identity.replace(/^\w+:/, "");
  const counterpart: CounterpartView = {
    identifier: { standard: "iban", iban },
    details: { name: sepaName(entryText(entry).debtorName ?? "") || "NOTPROVIDED" },
  };
  const payout = await tx.payout.create({
    data: {
      bankEntryId: entry.id,
      endToEndId,
      bankReference: endToEndId,
      amountMinor: entry.amountMinor,
      currency: SEPA_CURRENCY,
      ...sealPayoutText({
        counterpart,
        remittance: remittanceText(`Return of ${original}`) || `Return ${endToEndId}`,
      }),
      state: "instructed",
      sentAt: ctx.now,
    },
  });
  const { count } = await tx.bankEntry.updateMany({
    where: { id: entry.id, outcome: "unmatched" },
    data: { outcome: "returned", payoutId: payout.id, resolvedAt: ctx.now },
  });
  if (count !== 1) throw new AppError("CONFLICT", "The credit was assigned or returned meanwhile");
  await releaseAtOnce(tx, payout, ctx);
  return { payoutId: payout.id };
}

/**
 * The sandbox's way (`paymentRunIntervalSeconds` 0 with `autoRelease`): a payment file of this one payout, written
 * and released in the caller's transaction; the transport is woken shortly after, once that has committed (and
 * polls anyway). A payout SEPA cannot pay (not in euros) waits, instructed.
 */
async function releaseAtOnce(tx: Prisma.TransactionClient, payout: Payout, ctx: PayoutContext): Promise<boolean> {
  const { autoRelease, paymentRunIntervalSeconds } = ctx.config.bank;
  if (!autoRelease || paymentRunIntervalSeconds !== 0 || payout.currency !== SEPA_CURRENCY) return false;
  let written: ReturnType<typeof paymentFileBytes>;
  try {
    written = paymentFileBytes([payout], ctx);
  } catch (error) {
    // Our bug, but the burn it follows is done: the payout waits for a payment run, where it shows again.
    logger().error({ err: error, payoutId: payout.id }, "the payout's payment file could not be written");
    return false;
  }
  const file = await recordPaymentFile(tx, [payout], written, ctx);
  await releaseWrittenFile(tx, file.id, { now: ctx.now });
  announceReleaseSoon();
  return true;
}
