// GET /webhooks — the application's subscriptions; POST /webhooks — subscribe an endpoint (verified first)
import { getConfig } from "@/server/config.ts";
import { withApplication } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { createSubscription, listSubscriptions } from "@/server/webhooks/manage-subscriptions.ts";
import { createWebhookSchema } from "@/server/webhooks/webhook.schemas.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApplication({}, ({ caller }) => listSubscriptions({ caller })),
  POST: withApplication({ body: createWebhookSchema }, ({ caller, body }) =>
    createSubscription({ caller, request: body, config: getConfig() }),
  ),
});
