// POST /webhooks/{subscription}/deliveries/{delivery}/resend — one more attempt now, with the same webhook-id
import { withApplication } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { resendDelivery } from "@/server/webhooks/deliveries.ts";
import { RESEND_REFUSALS, webhookDeliveryResponse } from "@/server/webhooks/webhook.responses.ts";

const params = pathParams("subscription", "delivery");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withApplication(
    { params, responses: { 200: webhookDeliveryResponse }, refusals: RESEND_REFUSALS },
    ({ caller, params }) =>
      resendDelivery({ caller, subscriptionId: params.subscription, deliveryId: params.delivery }),
  ),
});
