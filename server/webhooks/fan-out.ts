import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { ClaimedDelivery } from "./claim-deliveries.ts";

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
 * One batch, as `fanOutEvents`, in one call of the database function `fan_out_events`
 * (prisma/migrations/…_fan_out_function): claiming, matching, writing the deliveries and marking the events happen in
 * the database, with no row travelling to this process and back, and the statement is planned once per connection.
 * Who hears an event is the function `event_listeners`, which the trigger that marks an event nobody can hear as
 * fanned out when it is inserted asks too. Each delivery's body is `{"type","timestamp","data"}` with the event's
 * data as PostgreSQL writes JSON out. Says how many events it claimed, so a caller can tell whether more are waiting.
 *
 * With `claim`, the deliveries are written already claimed for their first attempt by `holder` (as `claimDue` would
 * claim them, so no other worker takes them while that holder lives) and come back with their subscriptions, for the
 * caller to send at once, `wave` at a time: held for as many attempts as it takes waves to send them all, the `ahead`
 * waves sent before them (the batch before, when this one is fanned out while that one is sent), and one more.
 */
export async function fanOutBatch(options: {
  clock?: Clock;
  batch?: number;
  claim?: { timeoutMs: number; wave: number; ahead?: number; holder: number };
}): Promise<{ events: number; deliveries: ClaimedDelivery[] }> {
  const { clock = serverClock, batch = FAN_OUT_BATCH, claim } = options;
  const prisma = await db();
  const now = clock();
  const rows = await prisma.$queryRaw<(Partial<ClaimedDelivery> & { events: number })[]>`
    SELECT * FROM "fan_out_events"(${batch}::int, ${now}::timestamptz, ${claim !== undefined}::boolean,
      ${claim?.wave ?? 1}::int, ${claim?.ahead ?? 0}::int, ${claim?.timeoutMs ?? 0}::int,
      ${claim?.holder ?? null}::int)`;
  return {
    events: rows[0]?.events ?? 0,
    deliveries: rows.flatMap(({ events: _, ...row }) => (row.id ? [row as ClaimedDelivery] : [])),
  };
}
