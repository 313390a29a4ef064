// POST /sandbox/orders/{orderId}/payout/return — a redeem's debited payout comes back with a reason (camt.054)
import { getConfig } from "@/server/config.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { PAYOUT_REFUSALS, payoutRefusalSchema, simulatePayoutRefusal } from "@/server/sandbox/payout-simulation.ts";
import { sandboxPayoutResponse } from "@/server/sandbox/payout-simulation.responses.ts";

const params = pathParams("orderId");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withSandboxBearer(
    { params, body: payoutRefusalSchema, responses: { 200: sandboxPayoutResponse }, refusals: PAYOUT_REFUSALS },
    ({ caller, params, body }) =>
      simulatePayoutRefusal({ action: "return", caller, orderId: params.orderId, refusal: body, config: getConfig() }),
  ),
});
