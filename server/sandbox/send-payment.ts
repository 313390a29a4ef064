import { electronicFormatIBAN } from "ibantools";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { validate } from "../validate.ts";
import { logger } from "../logging/logger.ts";
import { parseAmount } from "../money/amount.ts";
import { orderView, type OrderView } from "../orders/order-view.ts";
import type { SandboxActor } from "./change-sandbox-settings.ts";
import { assertSandbox } from "./sandbox-only.ts";
import { importSimulatedCredit } from "./simulated-credit.ts";
import { simulatorPaymentSchema } from "./simulator.schemas.ts";
import { whereIbanNumber } from "../ibans/iban-number.ts";

/**
 * The simulator console plays the bank: a euro payment into any provisioned IBAN of the sandbox, whoever holds it,
 * as a real incoming payment arrives: a camt.054 credit imported by the importer (issue order, `order.created`,
 * tokens minted, `order.updated`).
 */
export async function sendSimulatedPayment(options: {
  input: unknown;
  actor: SandboxActor;
  config: Config;
}): Promise<OrderView> {
  const { actor, config } = options;
  assertSandbox(config);
  const request = validate(simulatorPaymentSchema, options.input);
  const amount = parseAmount(request.amount);
  if (!amount.ok) throw new AppError("VALIDATION", "Validation errors", { amount: amount.reason });
  const iban = electronicFormatIBAN(request.iban) ?? request.iban;
  // Any provisioned IBAN, whoever holds it; one that takes no payments is the form's error, not an exception.
  const prisma = await db();
  const known = await prisma.iban.findFirst({
    where: { ...whereIbanNumber(iban), state: "approved" },
    select: { id: true },
  });
  if (!known) {
    throw new AppError("VALIDATION", "Validation errors", {
      iban: "No profile holds this IBAN in the sandbox (or its number is not assigned yet)",
    });
  }
  const { order } = await importSimulatedCredit(
    {
      iban,
      amountMinor: amount.minor,
      currency: request.currency,
      memo: request.memo || undefined,
      debtor: { name: "Sandbox Payer", iban: "DE89370400440532013000" },
    },
    config,
  );
  logger().info(
    { reqId: actor.requestId, actor: `user:${actor.userId}`, orderId: order.id, iban },
    "sandbox payment sent from the simulator",
  );
  return orderView(order);
}
