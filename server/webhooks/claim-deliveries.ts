import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { DELIVERIES_DUE, WEBHOOK_WORK_CHANNEL } from "../events/record-event.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";

/** A delivery claimed for one attempt, with what sending it takes. */
export type ClaimedDelivery = {
  id: string;
  attempts: number;
  payload: string;
  manual: boolean;
  createdAt: Date;
  subscriptionId: string;
  url: string;
  secretSealed: string;
  subscriptionState: string;
  /** The claim holder it was claimed for (server/db/claim-holder.ts): sent only while that is still this process. */
  claimedBy: number;
};

/**
 * Claims up to `batch` due deliveries for `holder` and reads each with its subscription, in one statement (`FOR
 * UPDATE SKIP LOCKED`, then held with `claimedBy` and `lockedUntil`), so several instances never send the same
 * attempt twice. The claim is released as soon as its holder is gone (`releaseClaimsOfGoneHolders`); the hold is
 * the safety net behind that, and outlasts two attempts: a batch claimed ahead may wait for the round before it to
 * finish sending. Oldest due first, in the order of the (state, nextAttemptAt) index, so a claim reads its batch and
 * no more however long the queue.
 */
export async function claimDue(
  prisma: PrismaClient,
  config: Config,
  now: Date,
  batch: number,
  holder: number,
): Promise<ClaimedDelivery[]> {
  const holdUntil = new Date(now.getTime() + 2 * config.webhooks.timeoutMs + 30_000);
  return prisma.$queryRaw<ClaimedDelivery[]>`
    WITH claimed AS (
      UPDATE "WebhookDelivery" SET "lockedUntil" = ${holdUntil}, "claimedBy" = ${holder}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM "WebhookDelivery"
        WHERE state = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
        ORDER BY "nextAttemptAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING id, attempts, payload, manual, "createdAt", "subscriptionId", "claimedBy")
    SELECT c.id, c.attempts, c.payload, c.manual, c."createdAt",
           s.id AS "subscriptionId", s.url, s."secretSealed", s.state::text AS "subscriptionState", c."claimedBy"
    FROM claimed c JOIN "WebhookSubscription" s ON s.id = c."subscriptionId"`;
}

/**
 * Releases every delivery claimed by a holder that is gone (its instance died, or lost its database connection), so
 * it is claimed again at once rather than when its hold lapses (C60). Its attempt may or may not have reached the
 * receiver, so it stays counted; the next one carries the same `webhook-id`. Run by every round that looks for due
 * deliveries: after a crash on the embedded database, the first round of the restarted process releases what the
 * crashed one held; on PostgreSQL, every instance runs one as soon as it sees a holder go. The other instances are
 * told when it released any, so they share the work.
 */
export async function releaseClaimsOfGoneHolders(prisma: PrismaClient): Promise<number> {
  const [row] = await prisma.$queryRaw<{ released: number }[]>`
    WITH released AS (
      UPDATE "WebhookDelivery" SET "lockedUntil" = NULL, "claimedBy" = NULL
      WHERE "claimedBy" IS NOT NULL AND "claimedBy" NOT IN (SELECT h FROM "live_claim_holders"() AS h)
      RETURNING 1)
    SELECT count(*)::int AS released FROM released`;
  const released = row?.released ?? 0;
  if (released > 0) await announceDeliveriesDue(prisma);
  return released;
}

/**
 * Gives back deliveries claimed for an attempt that was not made (a stopping worker's), so any instance claims them
 * again at once instead of when their hold lapses: the hold is cleared and the attempt not counted.
 */
export async function releaseClaims(claimed: Pick<ClaimedDelivery, "id" | "claimedBy">[]): Promise<number> {
  if (claimed.length === 0) return 0;
  const prisma = await db();
  // Only while still claimed as they were: a claim released meanwhile (its holder gone) may be someone else's now.
  const [released] = await prisma.$transaction([
    prisma.$executeRaw`
      UPDATE "WebhookDelivery" SET "lockedUntil" = NULL, "claimedBy" = NULL, attempts = GREATEST(attempts - 1, 0)
      WHERE (id, "claimedBy") IN (
          SELECT * FROM unnest(${claimed.map((d) => d.id)}::text[], ${claimed.map((d) => d.claimedBy)}::int[]))
        AND state = 'pending'`,
    // Due at once: the other instances' workers hear it and take them over.
    announceDeliveriesDue(prisma),
  ]);
  return released;
}

/**
 * Tells every instance's webhook worker that deliveries are due now (`DELIVERIES_DUE` on `WEBHOOK_WORK_CHANNEL`),
 * heard when the caller's transaction commits; a statement to await, or to batch with the change that made them due.
 */
export function announceDeliveriesDue(prisma: Pick<PrismaClient, "$executeRaw">) {
  return prisma.$executeRaw`SELECT pg_notify(${WEBHOOK_WORK_CHANNEL}, ${DELIVERIES_DUE})`;
}
