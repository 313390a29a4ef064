// GET /webhooks/{subscription}/deliveries/{delivery} — one delivery: its body and every attempt
import { withApplication } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { getDelivery } from "@/server/webhooks/deliveries.ts";
import { webhookDeliveryDetailResponse } from "@/server/webhooks/webhook.responses.ts";

const params = pathParams("subscription", "delivery");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApplication({ params, responses: { 200: webhookDeliveryDetailResponse } }, ({ caller, params }) =>
    getDelivery({ caller, subscriptionId: params.subscription, deliveryId: params.delivery }),
  ),
});
