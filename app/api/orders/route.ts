// GET /orders — a profile's orders, filtered and paged; POST /orders — place a redeem order
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { Reply } from "@/server/contract/reply.ts";
import { listOrders } from "@/server/orders/list-orders.ts";
import { listOrdersQuery, placeOrderHeaders, placeOrderSchema } from "@/server/orders/order.schemas.ts";
import { orderView } from "@/server/orders/order-view.ts";
import { placeOrder } from "@/server/orders/place-order.ts";
import { LIST_ORDERS_RESPONSES, PLACE_ORDER_RESPONSES } from "@/server/orders/order.responses.ts";
import { PROFILE_READ } from "@/server/profiles/profile.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer(
    { query: listOrdersQuery, responses: LIST_ORDERS_RESPONSES, refusals: PROFILE_READ },
    ({ caller, query, url }) => listOrders({ caller, query, url, config: getConfig() }),
  ),
  POST: withBearer(
    {
      body: placeOrderSchema,
      headers: placeOrderHeaders,
      responses: PLACE_ORDER_RESPONSES,
      refusals: {
        403: "No write permission on the address's profile, or the profile is not approved",
        409: "The order's `id` or the `Idempotency-Key` came before with another request",
      },
    },
    async ({ caller, body, headers }) => {
      const idempotencyKey = headers["idempotency-key"];
      const { order, signature } = await placeOrder({ caller, request: body, idempotencyKey, config: getConfig() });
      // 202 while a Safe's on-chain signature is awaited (a pending `order` signature), 200 once signed.
      return new Reply(signature === "awaited" ? 202 : 200, orderView(order));
    },
  ),
});
