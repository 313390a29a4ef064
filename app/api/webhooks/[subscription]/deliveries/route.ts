// GET /webhooks/{subscription}/deliveries — the delivery log, newest first, each with its last attempt
import { withApplication } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { listDeliveries } from "@/server/webhooks/deliveries.ts";
import { deliveriesQuery } from "@/server/webhooks/webhook.schemas.ts";
import { webhookDeliveryListResponse } from "@/server/webhooks/webhook.responses.ts";

const params = pathParams("subscription");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApplication(
    { params, query: deliveriesQuery, responses: { 200: webhookDeliveryListResponse } },
    ({ caller, params, query }) => listDeliveries({ caller, subscriptionId: params.subscription, query }),
  ),
});
