import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";

/** Events claimed per batch. */
export const FAN_OUT_BATCH = 200;

/**
 * Turns recorded domain events into deliveries: one per active subscription that asked for the type, of every
 * application allowed to see the event's profile (its own profile, or one that granted it access). Events are
 * claimed with `FOR UPDATE SKIP LOCKED` and marked in the same transaction as their deliveries are written, so with
 * any number of instances each event fans out once, and an event recorded before a crash fans out after it (C23).
 * One batch; returns how many deliveries it wrote.
 */
export async function fanOutEvents(options: { clock?: Clock; batch?: number } = {}): Promise<number> {
  return (await fanOutBatch(options)).deliveries;
}

/**
 * One batch, as `fanOutEvents`, in one statement: claiming, matching, writing the deliveries and marking the events
 * happen in the database, with no row travelling to this process and back. Each delivery's body is
 * `{"type","timestamp","data"}` with the event's data as PostgreSQL writes JSON out. Says how many events it claimed,
 * so a caller can tell whether more are waiting.
 */
export async function fanOutBatch(options: {
  clock?: Clock;
  batch?: number;
}): Promise<{ events: number; deliveries: number }> {
  const { clock = serverClock, batch = FAN_OUT_BATCH } = options;
  const prisma = await db();
  const now = clock();
  const [counts] = await prisma.$queryRaw<{ events: number; deliveries: number }[]>`
    WITH claimed AS (
      SELECT id, seq, type, "profileId", data, "createdAt" FROM "DomainEvent"
      WHERE "fannedOutAt" IS NULL ORDER BY seq LIMIT ${batch} FOR UPDATE SKIP LOCKED),
    marked AS (
      UPDATE "DomainEvent" AS e SET "fannedOutAt" = ${now}::timestamptz FROM claimed c WHERE e.id = c.id
      RETURNING e.id),
    written AS (
      INSERT INTO "WebhookDelivery" (id, "subscriptionId", "eventId", type, payload, "nextAttemptAt", "createdAt")
      SELECT gen_random_uuid()::text, s.id, c.id, c.type,
             '{"type":' || to_json(c.type)::text
               || ',"timestamp":' || to_json(to_char(c."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
               || ',"data":' || c.data::text || '}',
             ${now}::timestamptz, ${now}::timestamptz
      FROM claimed c
      JOIN "WebhookSubscription" s ON s.state = 'active' AND c.type = ANY (s.types)
      JOIN "Application" a ON a.id = s."applicationId"
      WHERE a."profileId" = c."profileId"
         OR EXISTS (SELECT 1 FROM "ApplicationGrant" g
                    WHERE g."applicationId" = a.id AND g."profileId" = c."profileId" AND g."revokedAt" IS NULL)
      ORDER BY c.seq
      ON CONFLICT ("subscriptionId", "eventId") DO NOTHING
      RETURNING 1)
    SELECT (SELECT count(*) FROM marked)::int AS events, (SELECT count(*) FROM written)::int AS deliveries`;
  return counts ?? { events: 0, deliveries: 0 };
}
