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

const params = pathParams("subscription");
const update = withApplication({ params, body: updateWebhookSchema }, ({ caller, params, body }) =>
  updateSubscription({ caller, id: params.subscription, request: body, config: getConfig() }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withApplication({ params }, async ({ caller, params }) =>
    subscriptionView(await ownSubscription(caller, params.subscription)),
  ),
  PATCH: update,
  PUT: update,
  DELETE: withApplication({ params }, ({ caller, params }) => deleteSubscription({ caller, id: params.subscription })),
});
