import { z } from "zod";
import { db } from "../db/client.ts";
import { uuidOrUndefined } from "../ids.ts";
import { MAX_ID, tooLong } from "../limits.ts";

export const listEventsQuery = z.object({
  profile: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
  type: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export type RecordedEvent = { id: string; type: string; profile: string; data: unknown; createdAt: string };

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
      type: e.type,
      profile: e.profileId,
      data: e.data,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
