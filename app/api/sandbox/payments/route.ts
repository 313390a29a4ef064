// POST /sandbox/payments — the sandbox bank credits a euro payment to an IBAN: an issue order mints the tokens
import { getConfig } from "@/server/config.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { simulateIncomingPayment } from "@/server/orders/sandbox-orders.ts";
import { simulatePaymentSchema } from "@/server/sandbox/sandbox-payment.schemas.ts";
import { SANDBOX_PAYMENT } from "@/server/orders/operator-order.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withSandboxBearer({ body: simulatePaymentSchema, ...SANDBOX_PAYMENT }, ({ caller, body }) =>
    simulateIncomingPayment({ caller, request: body, config: getConfig() }),
  ),
});
