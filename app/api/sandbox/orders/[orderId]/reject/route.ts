// POST /sandbox/orders/{orderId}/reject — reject an open order with a reason; a redeem order's tokens are released
import { getConfig } from "@/server/config.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { rejectOrderSchema, sandboxRejectOrder } from "@/server/orders/sandbox-orders.ts";

const params = pathParams("orderId");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withSandboxBearer({ params, body: rejectOrderSchema }, ({ caller, params, body }) =>
    sandboxRejectOrder({ caller, orderId: params.orderId, reason: body.reason, config: getConfig() }),
  ),
});
