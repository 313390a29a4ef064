// POST /sandbox/orders/{orderId}/process — process an order as the operator would (mint, or burn and pay out)
import { getConfig } from "@/server/config.ts";
import { withSandboxBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { sandboxProcessOrder } from "@/server/orders/sandbox-orders.ts";
import { PROCESS_ORDER_REFUSALS } from "@/server/orders/operator-order.responses.ts";
import { orderResponse } from "@/server/orders/order.responses.ts";

const params = pathParams("orderId");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withSandboxBearer(
    { params, responses: { 200: orderResponse }, refusals: PROCESS_ORDER_REFUSALS },
    ({ caller, params }) => sandboxProcessOrder({ caller, orderId: params.orderId, config: getConfig() }),
  ),
});
