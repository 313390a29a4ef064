import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type { Config } from "../../../config.ts";
import { db } from "../../../db/client.ts";
import type { Order } from "../../../generated/prisma/client.ts";
import { ledgerReport } from "../../../ledger/ledger-report.ts";
import { driveChainTransactions } from "../../../orders/chain-settlement.ts";
import type { PaymentStatusReport } from "../../iso20022/read-payment-status.ts";
import { applyPaymentStatus, type PaymentStatusOutcome } from "../apply-payment-status.ts";
import { orderEvents } from "./payout-fixtures.ts";
import { orderMemo } from "../../../orders/order-text.ts";

/** Applies a report in its own transaction, as the importer does. */
export async function applied(report: PaymentStatusReport, config: Config): Promise<PaymentStatusOutcome[]> {
  const prisma = await db();
  return prisma.$transaction((tx) => applyPaymentStatus(tx, report, { fileId: randomUUID(), config, now: new Date() }));
}

/** The re-issue orders of a redeem order (at most one may exist), after the chain queue has minted. */
export async function reissuesOf(redeem: Order, config: Config): Promise<Order[]> {
  await driveChainTransactions(config);
  const prisma = await db();
  return prisma.order.findMany({ where: { parentOrderId: redeem.id } });
}

export async function walletBalance(order: Order): Promise<bigint> {
  const prisma = await db();
  const account = await prisma.ledgerAccount.findUnique({
    where: {
      kind_chain_currency_addressKey: {
        kind: "wallet",
        chain: order.chain,
        currency: order.currency,
        addressKey: order.addressKey,
      },
    },
  });
  return account?.balanceMinor ?? 0n;
}

/** The re-issue is an issue order of the redeem's amount to its address, linked to it, announced and minted. */
export async function assertReissuedOnce(redeem: Order, reason: RegExp, config: Config): Promise<Order> {
  const reissues = await reissuesOf(redeem, config);
  assert.equal(reissues.length, 1);
  const [issue] = reissues;
  assert.equal(issue!.kind, "issue");
  assert.equal(issue!.state, "processed");
  assert.deepEqual(
    [issue!.profileId, issue!.address, issue!.chain, issue!.currency, issue!.amountMinor],
    [redeem.profileId, redeem.address, redeem.chain, redeem.currency, redeem.amountMinor],
  );
  assert.match(orderMemo(issue!), reason);
  assert.ok(orderMemo(issue!).includes(redeem.id));
  // The webhook: order.created when the tokens are given back, order.updated when they are minted.
  assert.deepEqual(await orderEvents(issue!.id), [
    { type: "order.created", state: "pending" },
    { type: "order.updated", state: "processed" },
  ]);
  const prisma = await db();
  const payout = await prisma.payout.findUniqueOrThrow({ where: { orderId: redeem.id } });
  assert.equal(payout.reissueOrderId, issue!.id);
  // The redeem order itself stays processed, with its one order.updated.
  assert.deepEqual(await orderEvents(redeem.id), [{ type: "order.updated", state: "processed" }]);
  assert.equal(await walletBalance(redeem), redeem.amountMinor);
  assert.equal((await ledgerReport()).consistent, true);
  return issue!;
}
