import { electronicFormatIBAN } from "ibantools";
import { z } from "zod";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { tooLong } from "../limits.ts";
import { Reply } from "../contract/reply.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { writableBySql } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { orderView, type OrderView } from "./order-view.ts";
import type { SimulatePaymentRequest } from "../sandbox/sandbox-payment.schemas.ts";
import { importSimulatedCredit } from "../sandbox/simulated-credit.ts";
import { processOrder, rejectOrder } from "./settle-order.ts";

export const rejectOrderSchema = z.object({
  reason: z.string("Reason missing").trim().min(1, "Reason missing").max(500, tooLong(500)),
});

function sandboxOnly(config: Config): void {
  if (config.environment !== "sandbox") throw new AppError("NOT_FOUND", "Not found");
}

/**
 * Sandbox: the bank reports a euro payment into an IBAN of a profile the caller may act on, in a camt.054 the
 * importer imports as it imports a real bank's. The issue order is created and its tokens minted, as for a real
 * payment. 201 with the order; 200 with the same order when the `reference` was reported before.
 */
export async function simulateIncomingPayment(options: {
  caller: Caller;
  request: SimulatePaymentRequest;
  config: Config;
}): Promise<Reply> {
  const { caller, request, config } = options;
  sandboxOnly(config);
  const iban = electronicFormatIBAN(request.iban) ?? request.iban;
  const { order, repeated } = await importSimulatedCredit(
    {
      iban,
      amountMinor: request.amount,
      currency: request.currency,
      memo: request.memo,
      debtor: {
        name: request.debtor.name,
        ...(request.debtor.iban ? { iban: electronicFormatIBAN(request.debtor.iban) ?? request.debtor.iban } : {}),
      },
      reference: request.reference,
      writableBy: caller,
    },
    config,
  );
  return new Reply(repeated ? 200 : 201, orderView(order));
}

export async function callersOrder(caller: Caller, orderId: string): Promise<string> {
  const prisma = await db();
  const [order] = /^[0-9a-f-]{36}$/i.test(orderId)
    ? await prisma.$queryRaw<{ id: string }[]>`
        SELECT o."id"::text AS "id" FROM "Order" o
        WHERE o."id" = ${orderId.toLowerCase()}::uuid AND ${writableBySql(caller, Prisma.sql`o."profileId"`)}`
    : [];
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  return order.id;
}

/** Sandbox: process an order of a profile the caller may act on, as the operator would. */
export async function sandboxProcessOrder(options: {
  caller: Caller;
  orderId: string;
  config: Config;
}): Promise<OrderView> {
  sandboxOnly(options.config);
  const orderId = await callersOrder(options.caller, options.orderId);
  return orderView(await processOrder({ orderId, config: options.config }));
}

/** Sandbox: reject an open order of a profile the caller may act on, with a reason. */
export async function sandboxRejectOrder(options: {
  caller: Caller;
  orderId: string;
  reason: string;
  config: Config;
}): Promise<OrderView> {
  sandboxOnly(options.config);
  const orderId = await callersOrder(options.caller, options.orderId);
  return orderView(await rejectOrder({ orderId, reason: options.reason, config: options.config }));
}
