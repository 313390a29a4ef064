// POST /admin/orders/{orderId}/process — process an order: mint, or burn and pay out (or ask a second operator)
import { webSession } from "@/app/auth";
import { awaitingApprovalResponse } from "@/server/approvals/approval.responses.ts";
import { getConfig } from "@/server/config.ts";
import { Reply } from "@/server/contract/reply.ts";
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
    "treasurer",
    {
      params,
      responses: { 200: orderResponse, 202: awaitingApprovalResponse },
      refusals: { ...OPERATOR_WRITE, ...PROCESS_ORDER_REFUSALS },
    },
    async ({ params, operator }) => {
      const outcome = await operatorProcessOrder({ orderId: params.orderId, config: getConfig(), operator });
      // 202 while a large redeem order waits for a second operator (four eyes), 200 once processed.
      return "approval" in outcome ? new Reply(202, outcome) : outcome.order;
    },
  ),
});
