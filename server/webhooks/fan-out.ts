import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { ClaimedDelivery } from "./deliver.ts";

/** Events claimed per batch. */
export const FAN_OUT_BATCH = 500;

/**
 * Turns recorded domain events into deliveries: one per active subscription that asked for the type, of every
 * application allowed to see the event's profile (its own profile, or one that granted it access). Events are
 * claimed with `FOR UPDATE SKIP LOCKED` and marked in the same transaction as their deliveries are written, so with
 * any number of instances each event fans out once, and an event recorded before a crash fans out after it (C23).
 * One batch; returns how many deliveries it wrote.
 */
export async function fanOutEvents(options: { clock?: Clock; batch?: number } = {}): Promise<number> {
  return (await fanOutBatch(options)).deliveries.length;
}

/**
 * One batch, as `fanOutEvents`, in one statement: claiming, matching, writing the deliveries and marking the events
 * happen in the database, with no row travelling to this process and back. The matching rule (`matched`) is also the
 * trigger's that marks an event nobody can hear as fanned out when it is inserted
 * (prisma/migrations/…_unheard_events): a change to one is a change to both. Each delivery's body is
 * `{"type","timestamp","data"}` with the event's data as PostgreSQL writes JSON out. Says how many events it claimed,
 * so a caller can tell whether more are waiting.
 *
 * With `claim`, the deliveries are written already claimed for their first attempt (as `claimDue` would claim them,
 * so no other worker takes them) and come back with their subscriptions, for the caller to send at once, `wave` at a
 * time: held for as many attempts as it takes waves to send them all, the `ahead` waves sent before them (the batch
 * before, when this one is fanned out while that one is sent), and one more.
 */
export async function fanOutBatch(options: {
  clock?: Clock;
  batch?: number;
  claim?: { timeoutMs: number; wave: number; ahead?: number };
}): Promise<{ events: number; deliveries: ClaimedDelivery[] }> {
  const { clock = serverClock, batch = FAN_OUT_BATCH, claim } = options;
  const prisma = await db();
  const now = clock();
  const rows = await prisma.$queryRaw<(Partial<ClaimedDelivery> & { events: number })[]>`
    WITH claimed AS (
      SELECT id, seq, type, "profileId", data, "createdAt" FROM "DomainEvent"
      WHERE "fannedOutAt" IS NULL ORDER BY seq LIMIT ${batch} FOR UPDATE SKIP LOCKED),
    marked AS (
      UPDATE "DomainEvent" AS e SET "fannedOutAt" = ${now}::timestamptz FROM claimed c WHERE e.id = c.id
      RETURNING e.id),
    matched AS (
      SELECT s.id AS "subscriptionId", c.id AS "eventId", c.type, c.seq, count(*) OVER () AS n,
             '{"type":' || to_json(c.type)::text
               || ',"timestamp":' || to_json(to_char(c."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
               || ',"data":' || c.data::text || '}' AS payload
      FROM claimed c
      JOIN "WebhookSubscription" s ON s.state = 'active' AND c.type = ANY (s.types)
      JOIN "Application" a ON a.id = s."applicationId"
      WHERE a."profileId" = c."profileId"
         OR EXISTS (SELECT 1 FROM "ApplicationGrant" g
                    WHERE g."applicationId" = a.id AND g."profileId" = c."profileId" AND g."revokedAt" IS NULL)),
    written AS (
      INSERT INTO "WebhookDelivery"
        (id, "subscriptionId", "eventId", type, payload, attempts, "lockedUntil", "nextAttemptAt", "createdAt")
      SELECT gen_random_uuid()::text, "subscriptionId", "eventId", type, payload, ${claim ? 1 : 0}::int,
             CASE WHEN ${claim !== undefined}::boolean THEN ${now}::timestamptz + interval '1 millisecond'
               * ((ceil(n::numeric / ${claim?.wave ?? 1}::int) + ${claim?.ahead ?? 0}::int + 1)
                  * ${claim?.timeoutMs ?? 0}::int + 30000) END,
             ${now}::timestamptz, ${now}::timestamptz
      FROM matched ORDER BY seq
      ON CONFLICT ("subscriptionId", "eventId") DO NOTHING
      RETURNING id, attempts, payload, manual, "createdAt", "subscriptionId")
    SELECT (SELECT count(*) FROM marked)::int AS events, w.id, w.attempts, w.payload, w.manual, w."createdAt",
           s.id AS "subscriptionId", s.url, s."secretSealed", s.state::text AS "subscriptionState"
    FROM (SELECT 1) AS one
    LEFT JOIN (written w JOIN "WebhookSubscription" s ON s.id = w."subscriptionId") ON true`;
  return {
    events: rows[0]?.events ?? 0,
    deliveries: rows.flatMap(({ events: _, ...row }) => (row.id ? [row as ClaimedDelivery] : [])),
  };
}
