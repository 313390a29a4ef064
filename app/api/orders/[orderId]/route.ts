// GET /orders/{orderId} — one order of a profile the caller may read
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { getOrder } from "@/server/orders/get-order.ts";
import { orderResponse } from "@/server/orders/order.responses.ts";

const params = pathParams("orderId");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ params, responses: { 200: orderResponse } }, ({ caller, params }) =>
    getOrder({ caller, orderId: params.orderId }),
  ),
});
