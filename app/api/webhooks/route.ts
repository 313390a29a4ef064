// GET /webhooks — the application's subscriptions; POST /webhooks — subscribe an endpoint (verified first)
import { getConfig } from "@/server/config.ts";
import { withApplication } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { createSubscription, listSubscriptions } from "@/server/webhooks/manage-subscriptions.ts";
import { createWebhookSchema } from "@/server/webhooks/webhook.schemas.ts";
import { CREATE_WEBHOOK_RESPONSES, webhookSubscriptionListResponse } from "@/server/webhooks/webhook.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApplication({ responses: { 200: webhookSubscriptionListResponse } }, ({ caller }) =>
    listSubscriptions({ caller }),
  ),
  POST: withApplication({ body: createWebhookSchema, responses: CREATE_WEBHOOK_RESPONSES }, ({ caller, body }) =>
    createSubscription({ caller, request: body, config: getConfig() }),
  ),
});
