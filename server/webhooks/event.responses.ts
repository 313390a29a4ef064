import { z } from "zod";
import type { EventType } from "../events/event-types.ts";
import { ibanResponse } from "../ibans/iban.responses.ts";
import { orderResponse } from "../orders/order.responses.ts";
import { profileResponse } from "../profiles/profile.responses.ts";

/**
 * What a webhook delivery carries, event by event (SPEC "Events", CONTRACT §7): the envelope `{type, timestamp,
 * data}` and, as `data`, the resource as the API shows it. `recordEvent` takes its `data` typed from these schemas,
 * and the OpenAPI document's `webhooks` section (server/http/openapi/webhooks.ts) is generated from them.
 */

const timestamp = z.iso
  .datetime({ offset: false })
  .meta({ description: "RFC 3339, UTC, with milliseconds", example: "2026-11-25T09:30:00.000Z" });

/**
 * The resources as the API shows them: the same schemas document the REST answers (`*.responses.ts`) and type the
 * views, so an event carries exactly what `GET` on the resource returns.
 */
export const orderPayloadSchema = orderResponse;
export const profilePayloadSchema = profileResponse;
export const ibanPayloadSchema = ibanResponse;

/** Each recorded event type's `data`. */
export const eventDataSchemas = {
  "order.created": orderPayloadSchema,
  "order.updated": orderPayloadSchema,
  "profile.updated": profilePayloadSchema,
  "iban.updated": ibanPayloadSchema,
} as const satisfies Record<EventType, z.ZodType>;

export type EventData = { [T in EventType]: z.output<(typeof eventDataSchemas)[T]> };

/** The body of one delivery of a recorded event, as `fanOutBatch` writes it. */
export function eventEnvelopeSchema<T extends EventType>(type: T) {
  return z.object({ type: z.literal(type), timestamp, data: eventDataSchemas[type] });
}

/** The handshake sent to a receiver about to be subscribed (server/webhooks/handshake.ts): no `data`. */
export const subscriptionCreatedSchema = z.object({ type: z.literal("subscription.created"), timestamp });
