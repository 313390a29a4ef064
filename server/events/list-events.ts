import { z } from "zod";
import { db } from "../db/client.ts";
import { uuidOrUndefined } from "../ids.ts";
import { openValue } from "../keys/sealed-value.ts";
import { EVENT_DATA } from "./event-data.ts";
import { MAX_ID, tooLong } from "../limits.ts";
import type { RecordedEvent } from "./event.responses.ts";
import type { EventType } from "./event-types.ts";

export const listEventsQuery = z.object({
  profile: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
  type: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export type { RecordedEvent };

/** The operator's view of recorded domain events, newest first (what webhooks deliver, or will). */
export async function listEvents(options: z.infer<typeof listEventsQuery>): Promise<{ events: RecordedEvent[] }> {
  const profileId = options.profile === undefined ? undefined : (uuidOrUndefined(options.profile) ?? "");
  if (profileId === "") return { events: [] };
  const prisma = await db();
  const rows = await prisma.domainEvent.findMany({
    where: { profileId, type: options.type },
    orderBy: { seq: "desc" },
    take: options.limit,
  });
  return {
    events: rows.map((e) => ({
      id: e.id,
      // Written by recordEvent (and its SQL twins): one of its types, an object.
      type: e.type as EventType,
      profile: e.profileId,
      data: openValue<RecordedEvent["data"]>(e.data, EVENT_DATA),
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
