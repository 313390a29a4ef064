// POST /admin/orders/{orderId}/reject — reject an open order with a reason
import { webSession } from "@/app/auth";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { operatorRejectOrder } from "@/server/orders/operate-orders.ts";
import { rejectOrderSchema } from "@/server/orders/sandbox-orders.ts";
import { REJECT_ORDER_REFUSALS } from "@/server/orders/operator-order.responses.ts";
import { orderResponse } from "@/server/orders/order.responses.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

const params = pathParams("orderId");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "treasurer",
    {
      params,
      body: rejectOrderSchema,
      responses: { 200: orderResponse },
      refusals: { ...OPERATOR_WRITE, ...REJECT_ORDER_REFUSALS },
    },
    ({ params, body, operator }) =>
      operatorRejectOrder({ orderId: params.orderId, reason: body.reason, config: getConfig(), operator }),
  ),
});
