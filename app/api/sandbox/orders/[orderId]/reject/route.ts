// POST /sandbox/orders/{orderId}/reject — reject an open order with a reason; a redeem order's tokens are released
import { getConfig } from "@/server/config.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { rejectOrderSchema, sandboxRejectOrder } from "@/server/orders/sandbox-orders.ts";
import { REJECT_ORDER_REFUSALS } from "@/server/orders/operator-order.responses.ts";
import { orderResponse } from "@/server/orders/order.responses.ts";

const params = pathParams("orderId");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withSandboxBearer(
    { params, body: rejectOrderSchema, responses: { 200: orderResponse }, refusals: REJECT_ORDER_REFUSALS },
    ({ caller, params, body }) =>
      sandboxRejectOrder({ caller, orderId: params.orderId, reason: body.reason, config: getConfig() }),
  ),
});
