import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { newMessageId } from "./sign.ts";

type EventRow = { id: string; type: string; profileId: string; data: Prisma.JsonValue; createdAt: Date };

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

/** One batch, as `fanOutEvents`; says how many events it claimed, so a caller can tell whether more are waiting. */
export async function fanOutBatch(options: {
  clock?: Clock;
  batch?: number;
}): Promise<{ events: number; deliveries: number }> {
  const { clock = serverClock, batch = FAN_OUT_BATCH } = options;
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const events = await tx.$queryRaw<EventRow[]>`
      SELECT id, type, "profileId", data, "createdAt" FROM "DomainEvent"
      WHERE "fannedOutAt" IS NULL ORDER BY seq LIMIT ${batch} FOR UPDATE SKIP LOCKED`;
    if (events.length === 0) return { events: 0, deliveries: 0 };
    const now = clock();
    const profileIds = [...new Set(events.map((e) => e.profileId))];
    const subscriptions = await tx.webhookSubscription.findMany({
      where: {
        state: "active",
        types: { hasSome: [...new Set(events.map((e) => e.type))] },
      },
      select: { id: true, applicationId: true, types: true },
    });
    const applications = subscriptions.length
      ? await tx.application.findMany({
          where: { id: { in: [...new Set(subscriptions.map((s) => s.applicationId))] } },
          select: {
            id: true,
            profileId: true,
            grants: { where: { profileId: { in: profileIds }, revokedAt: null }, select: { profileId: true } },
          },
        })
      : [];
    const sees = new Map(
      applications.map((a) => [a.id, new Set([a.profileId, ...a.grants.map((g) => g.profileId)])] as const),
    );
    const deliveries = events.flatMap((event) =>
      subscriptions
        .filter((s) => s.types.includes(event.type) && sees.get(s.applicationId)?.has(event.profileId))
        .map((s) => ({
          id: newMessageId(),
          subscriptionId: s.id,
          eventId: event.id,
          type: event.type,
          payload: JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data }),
          nextAttemptAt: now,
          createdAt: now,
        })),
    );
    if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries, skipDuplicates: true });
    await tx.domainEvent.updateMany({ where: { id: { in: events.map((e) => e.id) } }, data: { fannedOutAt: now } });
    return { events: events.length, deliveries: deliveries.length };
  });
}
