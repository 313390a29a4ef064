// POST /admin/orders/{orderId}/process — process an order: mint, or burn and pay out
import { z } from "zod";
import { sessionUserId } from "@/app/auth";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { operatorProcessOrder } from "@/server/orders/operate-orders.ts";

const params = z.object({ orderId: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(sessionUserId, { params }, ({ params, operator }) =>
    operatorProcessOrder({ orderId: params.orderId, config: getConfig(), operator }),
  ),
});
