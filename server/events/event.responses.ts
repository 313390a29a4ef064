import { z } from "zod";
import type { EventType } from "./event-types.ts";

const EVENT_TYPES = ["profile.updated", "iban.updated", "order.created", "order.updated"] satisfies EventType[];

/** A recorded domain event: what webhooks deliver, or will. */
export const recordedEventResponse = z
  .object({
    id: z.uuid(),
    type: z.enum(EVENT_TYPES),
    profile: z.uuid().meta({ description: "The profile it concerns" }),
    data: z.record(z.string(), z.unknown()).meta({ description: "The `data` its notifications carry" }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "RecordedEvent" });
export type RecordedEvent = z.input<typeof recordedEventResponse>;

export const recordedEventListResponse = z
  .object({ events: z.array(recordedEventResponse).meta({ description: "Newest first" }) })
  .meta({ id: "RecordedEventList" });
