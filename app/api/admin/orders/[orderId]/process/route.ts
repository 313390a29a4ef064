// POST /admin/orders/{orderId}/process — process an order: mint, or burn and pay out
import { webSession } from "@/app/auth";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { operatorProcessOrder } from "@/server/orders/operate-orders.ts";
import { PROCESS_ORDER_REFUSALS } from "@/server/orders/operator-order.responses.ts";
import { orderResponse } from "@/server/orders/order.responses.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

const params = pathParams("orderId");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    { params, responses: { 200: orderResponse }, refusals: { ...OPERATOR_WRITE, ...PROCESS_ORDER_REFUSALS } },
    ({ params, operator }) => operatorProcessOrder({ orderId: params.orderId, config: getConfig(), operator }),
  ),
});
