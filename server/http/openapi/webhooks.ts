import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import type { EventType } from "../../events/event-types.ts";
import { eventEnvelopeSchema, subscriptionCreatedSchema } from "../../webhooks/event.responses.ts";

/** The Standard Webhooks headers every delivery carries (server/webhooks/sign.ts). */
const deliveryHeaders = z.object({
  "webhook-id": z.string().meta({
    description:
      "The message's id (a UUID), the same on every retry of one delivery: dedupe on it, and process a message once.",
    example: "3f3d820e-d01c-4c56-8be4-b20053225679",
  }),
  "webhook-timestamp": z.string().meta({
    description: "When this attempt was signed, in seconds since the epoch. Refuse one more than 5 minutes away.",
    example: "1723207444",
  }),
  "webhook-signature": z.string().meta({
    description:
      "`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded " +
      "secret (without `whsec_`); several may be listed, separated by spaces. See the webhook guide at `/docs/webhooks`.",
    example: "v1,xU3/8LHUKtXSubnq+i0ga/+MJbvkVTuLRAMXlZgINVg=",
  }),
});

const EVENTS: { type: EventType; summary: string; description: string }[] = [
  {
    type: "order.created",
    summary: "An order was created",
    description: "An order was placed, or an incoming payment made an issue order. `data` is the Order.",
  },
  {
    type: "order.updated",
    summary: "An order was processed or rejected",
    description: "The order reached `processed` or `rejected`. `data` is the Order.",
  },
  {
    type: "profile.updated",
    summary: "A profile's state changed",
    description: "A profile's state changed (for example to `approved`). `data` is the Profile.",
  },
  {
    type: "iban.updated",
    summary: "An IBAN was provisioned or moved",
    description: "An IBAN got its number, or now credits another address or chain. `data` is the IBAN object.",
  },
];

function delivery(
  operationId: string,
  summary: string,
  description: string,
  schema: z.ZodType,
  answer: string,
): ZodOpenApiOperationObject {
  return {
    operationId,
    summary,
    description,
    tags: ["Webhooks"],
    requestParams: { header: deliveryHeaders },
    requestBody: { required: true, content: { "application/json": { schema } } },
    responses: {
      "200": { description: answer },
      default: { description: "Anything else, or no answer within the timeout, is a failed attempt" },
    },
  };
}

const RETRIED =
  "Acknowledged: any 2xx. Another answer (or none) is retried, with exponential backoff, up to 10 attempts within " +
  "12 hours; 410 turns the subscription off.";

/**
 * The OpenAPI 3.1 `webhooks` section: what a subscribed receiver is sent, one entry per event type the API emits, with
 * its body's schema (server/webhooks/event.responses.ts), the signature headers and the answer expected.
 */
export function webhookEvents(): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {
    "subscription.created": {
      post: delivery(
        "webhookSubscriptionCreated",
        "A subscription is being created",
        "Sent to the URL of a subscription being created or changed, signed with its secret; no `data`.",
        subscriptionCreatedSchema,
        "Any 2xx accepts the subscription; another answer refuses it (the create or update call gets 400)",
      ),
    },
  };
  for (const event of EVENTS) {
    const id = event.type.replace(/\.(.)/, (_, c: string) => c.toUpperCase());
    out[event.type] = {
      post: delivery(
        `webhook${id.charAt(0).toUpperCase()}${id.slice(1)}`,
        event.summary,
        event.description,
        eventEnvelopeSchema(event.type),
        RETRIED,
      ),
    };
  }
  return out;
}
