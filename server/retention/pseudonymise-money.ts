import { Prisma } from "../generated/prisma/client.ts";
import { payoutCounterpartOf, sealPayoutText } from "../bank/payments/payout-text.ts";
import type { CounterpartView } from "../orders/order.responses.ts";
import { orderCounterpart, sealIncomingText, sealOrderText } from "../orders/order-text.ts";
import { ERASED } from "../keys/subject-keys.ts";

/** What stands where a name, an IBAN or free text was, once erased (also an erased customer's audit values). */
export { ERASED };

/**
 * A counterpart as orders and payouts keep it, without the person: an IBAN's number and every detail (names,
 * country) go; a chain counterpart (an address on a public chain, the ledger's own key) stays as it is.
 */
export function pseudonymousCounterpart(counterpart: unknown): Prisma.InputJsonValue {
  const identifier = (counterpart as { identifier?: Record<string, unknown> } | null)?.identifier;
  if (identifier?.standard === "chain") return { identifier: identifier as Prisma.InputJsonObject, details: {} };
  return { identifier: { standard: "iban", iban: ERASED }, details: {} };
}

/**
 * Pseudonymises what the money path kept of an erased profile (C71): orders keep kind, amounts, currency, chain,
 * address, state and dates, so every ledger transaction still points at its order and the books still balance; the
 * counterpart, memo, reference, signed message and supporting document go, and so do the payer's and payee's names,
 * IBANs and remittance texts in payments, payouts and bank entries. The ledger itself holds no personal data and is
 * not touched.
 */
export async function pseudonymiseMoney(
  tx: Prisma.TransactionClient,
  profileId: string,
): Promise<{ orders: number; payments: number; payouts: number; bankEntries: number; documentIds: string[] }> {
  const orders = await tx.order.findMany({
    where: { profileId },
    select: { id: true, counterpart: true, supportingDocumentId: true },
  });
  const orderIds = orders.map((o) => o.id);
  for (const order of orders) {
    await tx.order.update({
      where: { id: order.id },
      data: {
        // What stands in their place is sealed like any value of these columns (./export-profile.ts opens it).
        ...sealOrderText({ counterpart: pseudonymousCounterpart(orderCounterpart(order)), memo: ERASED }),
        referenceNumber: null,
        message: Prisma.DbNull,
        supportingDocumentId: null,
        rejectedReason: null,
      },
    });
  }
  const payments = await tx.incomingPayment.updateMany({
    where: { orderId: { in: orderIds } },
    data: { debtor: sealIncomingText({ debtor: { name: ERASED } }).debtor, memo: Prisma.DbNull },
  });
  const payouts = await tx.payout.findMany({
    where: { orderId: { in: orderIds } },
    select: { id: true, counterpart: true },
  });
  for (const payout of payouts) {
    await tx.payout.update({
      where: { id: payout.id },
      data: sealPayoutText({
        counterpart: pseudonymousCounterpart(payoutCounterpartOf(payout)) as CounterpartView,
        remittance: ERASED,
      }),
    });
  }
  const bankEntries = await tx.bankEntry.updateMany({
    where: { OR: [{ orderId: { in: orderIds } }, { payoutId: { in: payouts.map((p) => p.id) } }] },
    data: { debtorName: Prisma.DbNull, debtorIban: Prisma.DbNull, remittance: Prisma.DbNull },
  });
  return {
    orders: orders.length,
    payments: payments.count,
    payouts: payouts.length,
    bankEntries: bankEntries.count,
    documentIds: orders.flatMap((o) => (o.supportingDocumentId ? [o.supportingDocumentId] : [])),
  };
}
