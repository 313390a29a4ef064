import { z } from "zod";
import type { EventType } from "../events/record-event.ts";
import type { IbanView } from "../ibans/iban-view.ts";
import type { OrderView } from "../orders/order-view.ts";
import type { ProfileView } from "../profiles/profile-view.ts";

/**
 * What a webhook delivery carries, event by event (SPEC "Events", CONTRACT §7): the envelope `{type, timestamp,
 * data}` and, as `data`, the resource as the API shows it. `recordEvent` takes its `data` typed from these schemas,
 * and the OpenAPI document's `webhooks` section (server/http/openapi/webhooks.ts) is generated from them.
 */

const timestamp = z.iso
  .datetime({ offset: false })
  .meta({ description: "RFC 3339, UTC, with milliseconds", example: "2026-11-25T09:30:00.000Z" });

const sectionState = z.enum(["incomplete", "pending", "approved", "rejected"]);

/** The Profile resource (server/profiles/profile-view.ts). */
export const profilePayloadSchema = z.object({
  id: z.uuid(),
  kind: z.enum(["personal", "corporate"]),
  name: z.string(),
  state: z.enum(["created", "pending", "approved", "rejected", "blocked"]),
  details: z.object({ state: sectionState }),
  form: z.object({ state: sectionState }),
  verifications: z.array(z.object({ kind: z.string(), state: sectionState })),
});

/** The IBAN object (server/ibans/iban-view.ts): `iban` in groups of four. */
export const ibanPayloadSchema = z.object({
  iban: z.string().meta({ example: "IS53 5615 1329 5713 7808 3320 63" }),
  name: z.string().meta({ description: "The profile's name" }),
  bic: z.string(),
  profile: z.uuid(),
  address: z.string(),
  chain: z.string(),
  state: z.enum(["requested", "approved", "pending", "rejected", "closed"]),
  emailNotifications: z.boolean(),
});

const counterpartIdentifier = z.union([
  z.object({ standard: z.literal("iban"), iban: z.string(), bic: z.string().optional() }),
  z.object({ standard: z.literal("chain"), address: z.string(), chain: z.string() }),
]);

/** The Order object (server/orders/order-view.ts): amounts as decimal strings with two decimals. */
export const orderPayloadSchema = z.object({
  id: z.uuid(),
  kind: z.enum(["issue", "redeem"]),
  profile: z.uuid(),
  address: z.string(),
  chain: z.string(),
  currency: z.string(),
  amount: z
    .string()
    .regex(/^\d+\.\d{2}$/)
    .meta({ example: "100.00" }),
  counterpart: z.object({ identifier: counterpartIdentifier, details: z.record(z.string(), z.string()) }),
  memo: z.string(),
  referenceNumber: z.string().optional(),
  state: z.enum(["placed", "pending", "processed", "rejected"]),
  meta: z.object({
    placedAt: timestamp,
    processedAt: timestamp.optional(),
    rejectedReason: z.string().optional(),
    supportingDocumentId: z.uuid().optional(),
    txHashes: z.array(z.string()).optional(),
  }),
});

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

// The views the events carry are exactly the documented payloads: a field added to one and not the other fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<OrderView, EventData["order.created"]>,
  Same<ProfileView, EventData["profile.updated"]>,
  Same<IbanView, EventData["iban.updated"]>,
] = [true, true, true];
void sameShapes;
