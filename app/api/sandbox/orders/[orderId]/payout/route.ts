// GET /sandbox/orders/{orderId}/payout — a redeem order's payout as the bank has it (state, reason, re-issue order)
import { getConfig } from "@/server/config.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { PAYOUT_REFUSALS, sandboxPayout } from "@/server/sandbox/payout-simulation.ts";
import { sandboxPayoutResponse } from "@/server/sandbox/payout-simulation.responses.ts";

const params = pathParams("orderId");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withSandboxBearer(
    { params, responses: { 200: sandboxPayoutResponse }, refusals: { 404: PAYOUT_REFUSALS[404] } },
    ({ caller, params }) => sandboxPayout({ caller, orderId: params.orderId, config: getConfig() }),
  ),
});
