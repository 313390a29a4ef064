import { z } from "zod";
import type { Responses } from "../contract/operation.ts";
import { WEBHOOK_EVENT_TYPES } from "./webhook.schemas.ts";

const eventType = z.enum(WEBHOOK_EVENT_TYPES);

/** A subscription as the API shows it: the secret never. */
export const webhookSubscriptionResponse = z
  .object({
    id: z.uuid(),
    url: z.url().meta({ description: "The receiver, as checked and normalised when it was set" }),
    types: z.array(eventType).meta({ description: "The event types it hears, sorted" }),
    state: z.enum(["active", "inactive"]).meta({ description: "`inactive`: switched off by hand or by a 410" }),
  })
  .meta({ id: "WebhookSubscription" });
export type WebhookSubscriptionView = z.input<typeof webhookSubscriptionResponse>;

export const webhookSubscriptionListResponse = z
  .object({ subscriptions: z.array(webhookSubscriptionResponse).meta({ description: "Oldest first" }) })
  .meta({ id: "WebhookSubscriptionList" });

/** One attempt at delivering a notification, as the log keeps it. */
export const webhookAttemptResponse = z
  .object({
    number: z.number().int().meta({ description: "1 for the first attempt" }),
    at: z.iso.datetime(),
    requestHeaders: z
      .record(z.string(), z.string())
      .meta({ description: "The headers sent: `webhook-id`, `webhook-timestamp`, `webhook-signature`, …" }),
    responseStatus: z.number().int().optional().meta({ description: "Absent when the receiver did not answer" }),
    responseBody: z.string().optional().meta({ description: "The first kilobyte of the answer" }),
    latencyMs: z.number().int(),
    error: z.string().optional().meta({ description: "Why no answer came (timeout, refused connection, …)" }),
  })
  .meta({ id: "WebhookAttempt" });
export type AttemptView = z.input<typeof webhookAttemptResponse>;

const deliveryFields = {
  id: z.uuid().meta({ description: "Also the `webhook-id` header of every attempt" }),
  type: eventType,
  state: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int().meta({ description: "Attempts made so far" }),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime().optional().meta({ description: "When pending: the next attempt's time" }),
  deliveredAt: z.iso.datetime().optional(),
  lastAttempt: webhookAttemptResponse.optional(),
};

/** A notification to one subscription, with its last attempt. */
export const webhookDeliveryResponse = z.object(deliveryFields).meta({ id: "WebhookDelivery" });
export type DeliveryView = z.input<typeof webhookDeliveryResponse>;

export const webhookDeliveryListResponse = z
  .object({ deliveries: z.array(webhookDeliveryResponse).meta({ description: "Newest first" }) })
  .meta({ id: "WebhookDeliveryList" });

/** One delivery with the exact body every attempt sends and every attempt made. */
export const webhookDeliveryDetailResponse = z
  .object({
    ...deliveryFields,
    payload: z.string().meta({ description: "The JSON body exactly as sent (and signed)" }),
    attemptLog: z.array(webhookAttemptResponse).meta({ description: "Oldest first" }),
  })
  .meta({ id: "WebhookDeliveryDetail" });
export type DeliveryDetailView = z.input<typeof webhookDeliveryDetailResponse>;

/** `POST /webhooks`: the receiver must accept `subscription.created` first, or nothing is saved. */
export const CREATE_WEBHOOK_RESPONSES: Responses = {
  201: {
    description: "Subscribed: the receiver accepted the `subscription.created` event",
    body: webhookSubscriptionResponse,
  },
};

/** `POST /webhooks/{subscription}/deliveries/{delivery}/resend`. */
export const RESEND_REFUSALS = { 409: "The delivery is being attempted right now" };
