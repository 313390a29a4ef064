// POST /sandbox/payments — the sandbox bank credits a euro payment to an IBAN: an issue order mints the tokens
import { getConfig } from "@/server/config.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { simulateIncomingPayment, simulatePaymentSchema } from "@/server/orders/sandbox-orders.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withSandboxBearer({ body: simulatePaymentSchema }, ({ caller, body }) =>
    simulateIncomingPayment({ caller, request: body, config: getConfig() }),
  ),
});
