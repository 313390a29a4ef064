// PATCH|PUT /webhooks/{subscription} — change state, types, URL or secret; DELETE — remove the subscription
import { getConfig } from "@/server/config.ts";
import { withApplication } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import {
  deleteSubscription,
  ownSubscription,
  subscriptionView,
  updateSubscription,
} from "@/server/webhooks/manage-subscriptions.ts";
import { updateWebhookSchema } from "@/server/webhooks/webhook.schemas.ts";
import { webhookSubscriptionResponse } from "@/server/webhooks/webhook.responses.ts";

const params = pathParams("subscription");
const responses = { 200: webhookSubscriptionResponse };
const update = withApplication({ params, body: updateWebhookSchema, responses }, ({ caller, params, body }) =>
  updateSubscription({ caller, id: params.subscription, request: body, config: getConfig() }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApplication({ params, responses }, async ({ caller, params }) =>
    subscriptionView(await ownSubscription(caller, params.subscription)),
  ),
  PATCH: update,
  PUT: update,
  DELETE: withApplication({ params, responses }, ({ caller, params }) =>
    deleteSubscription({ caller, id: params.subscription }),
  ),
});
