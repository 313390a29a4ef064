import { randomUUID } from "node:crypto";
import { electronicFormatIBAN } from "ibantools";
import type { Config } from "../config.ts";
import { AppError, isAppError } from "../errors.ts";
import { validate } from "../validate.ts";
import { logger } from "../logging/logger.ts";
import { parseAmount } from "../money/amount.ts";
import { orderView, type OrderView } from "../orders/order-view.ts";
import { receiveIncomingPayment } from "../orders/receive-payment.ts";
import type { SandboxActor } from "./change-sandbox-settings.ts";
import { assertSandbox } from "./sandbox-only.ts";
import { simulatorPaymentSchema } from "./simulator.schemas.ts";

/**
 * The simulator console plays the bank: a euro payment into any provisioned IBAN of the sandbox, whoever holds it,
 * as a real incoming payment would arrive (issue order, `order.created`, tokens minted, `order.updated`).
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
  try {
    const { order } = await receiveIncomingPayment({
      payment: {
        iban,
        amountMinor: amount.minor,
        currency: request.currency,
        memo: request.memo || undefined,
        debtor: { name: "Sandbox Payer", iban: "DE89370400440532013000" },
        bankReference: `SBX-CONSOLE-${randomUUID()}`,
      },
      config,
    });
    logger().info(
      { reqId: actor.requestId, actor: `user:${actor.userId}`, orderId: order.id, iban },
      "sandbox payment sent from the simulator",
    );
    return orderView(order);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") {
      throw new AppError("VALIDATION", "Validation errors", {
        iban: "No profile holds this IBAN in the sandbox (or its number is not assigned yet)",
      });
    }
    throw error;
  }
}
