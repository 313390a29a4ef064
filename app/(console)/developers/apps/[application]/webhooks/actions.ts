"use server";

import { z } from "zod";
import { getConfig } from "@/server/config";
import { applicationDelivery } from "@/server/webhooks/application-delivery";
import { createSubscriptionWithSecret } from "@/server/webhooks/create-subscription-with-secret";
import { resendDelivery } from "@/server/webhooks/deliveries";
import { deleteSubscription, updateSubscription } from "@/server/webhooks/manage-subscriptions";
import { portalSubscriptionSchema, subscriptionTypesSchema } from "@/server/webhooks/webhook.schemas";
import { webhookAction } from "./webhook-action";
import { MAX_ID } from "@/server/limits";

const application = z.string().max(MAX_ID);
const subscription = z.string().max(MAX_ID);

/** Adds an endpoint with a secret made here; the secret comes back this once. */
export async function createEndpointAction(input: unknown) {
  return webhookAction(portalSubscriptionSchema.extend({ application }), input, (caller, { url, types }) =>
    createSubscriptionWithSecret({ caller, url, types, config: getConfig() }),
  );
}

/** Changes which events an endpoint hears. */
export async function changeTypesAction(input: unknown) {
  return webhookAction(subscriptionTypesSchema.extend({ application, subscription }), input, (caller, values) =>
    updateSubscription({ caller, id: values.subscription, request: { types: values.types }, config: getConfig() }),
  );
}

/** Switches an endpoint off, or on again (verified with subscription.created first). */
export async function setStateAction(input: unknown) {
  const schema = z.object({ application, subscription, state: z.enum(["active", "inactive"]) });
  return webhookAction(schema, input, (caller, values) =>
    updateSubscription({ caller, id: values.subscription, request: { state: values.state }, config: getConfig() }),
  );
}

/** Deletes an endpoint and its delivery log. */
export async function deleteEndpointAction(input: unknown) {
  return webhookAction(z.object({ application, subscription }), input, (caller, values) =>
    deleteSubscription({ caller, id: values.subscription }),
  );
}

/** Sends a delivery once more, now, with the same webhook-id. */
export async function resendAction(input: unknown) {
  return webhookAction(z.object({ application, delivery: z.string().max(MAX_ID) }), input, async (caller, values) => {
    const found = await applicationDelivery({ caller, deliveryId: values.delivery });
    return resendDelivery({ caller, subscriptionId: found.subscription.id, deliveryId: found.id });
  });
}
