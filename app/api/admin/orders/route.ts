// GET /admin/orders — the operator's order queue: open orders, or those in one state
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { operatorOrderListResponse } from "@/server/orders/operator-order.responses.ts";
import { listOrdersForOperator, operatorOrdersQuery } from "@/server/orders/operate-orders.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(
    webSession,
    "treasurer",
    { query: operatorOrdersQuery, responses: { 200: operatorOrderListResponse } },
    ({ query }) => listOrdersForOperator(query),
  ),
});
