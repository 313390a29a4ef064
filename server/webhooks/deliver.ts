import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import { nextAttemptAt } from "./schedule.ts";
import { parseWebhookSecret, unsealSecret } from "./secret.ts";
import { sendWebhook, type SendResult } from "./send.ts";
import { webhookHeaders } from "./sign.ts";

type ClaimedDelivery = {
  id: string;
  attempts: number;
  payload: string;
  manual: boolean;
  createdAt: Date;
  subscriptionId: string;
  url: string;
  secretSealed: string;
  subscriptionState: string;
};

/** Deliveries claimed and sent in parallel per round. */
const DELIVERY_BATCH = 20;

/**
 * One round of the delivery worker: claims due deliveries (`FOR UPDATE SKIP LOCKED`, then held with `lockedUntil`
 * for longer than an attempt can take), so several instances never send the same attempt twice; POSTs each, signed
 * afresh with the same `webhook-id`; records the attempt; and schedules the next one (C21). 2xx is delivered; 410
 * switches the subscription off; otherwise it is retried until its attempts or its 12 hours are used up.
 */
export async function deliverDueWebhooks(options: {
  config: Config;
  clock?: Clock;
  batch?: number;
}): Promise<{ attempted: number; delivered: number }> {
  const { config, clock = serverClock, batch = DELIVERY_BATCH } = options;
  const prisma = await db();
  const now = clock();
  const holdUntil = new Date(now.getTime() + config.webhooks.timeoutMs + 30_000);
  // Claimed and read in one statement, each with its subscription.
  const claimed = await prisma.$queryRaw<ClaimedDelivery[]>`
    WITH claimed AS (
      UPDATE "WebhookDelivery" SET "lockedUntil" = ${holdUntil}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM "WebhookDelivery"
        WHERE state = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
        ORDER BY "nextAttemptAt", "createdAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING id, attempts, payload, manual, "createdAt", "subscriptionId")
    SELECT c.id, c.attempts, c.payload, c.manual, c."createdAt",
           s.id AS "subscriptionId", s.url, s."secretSealed", s.state::text AS "subscriptionState"
    FROM claimed c JOIN "WebhookSubscription" s ON s.id = c."subscriptionId"`;
  if (claimed.length === 0) return { attempted: 0, delivered: 0 };
  const outcomes = await Promise.all(
    claimed.map(async (delivery) => {
      const attempt = delivery.attempts;
      const subscription = {
        id: delivery.subscriptionId,
        url: delivery.url,
        secretSealed: delivery.secretSealed,
        state: delivery.subscriptionState,
      };
      const at = clock();
      let result: SendResult;
      let headers: Record<string, string> = {};
      if (subscription.state !== "active") {
        result = { latencyMs: 0, error: "the subscription is inactive" };
      } else {
        const key = parseWebhookSecret(unsealSecret(subscription.secretSealed, config.secret))!;
        headers = webhookHeaders({ id: delivery.id, timestamp: at, body: delivery.payload, key });
        result = await sendWebhook({
          url: subscription.url,
          headers,
          body: delivery.payload,
          timeoutMs: config.webhooks.timeoutMs,
          policy: { allowPrivate: config.webhooks.allowPrivateUrls },
        });
      }
      const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
      const gone = result.status === 410;
      const retryAt =
        ok || gone || delivery.manual || subscription.state !== "active"
          ? undefined
          : nextAttemptAt({
              attempts: attempt,
              firstAt: delivery.createdAt,
              now: clock(),
              retryAfterSeconds: result.status === 429 || result.status === 503 ? result.retryAfterSeconds : undefined,
            });
      return { delivery, attempt, at, headers, result, ok, gone, retryAt };
    }),
  );
  // The round's outcomes are recorded together: one transaction, whatever the batch size.
  await prisma.$transaction(async (tx) => {
    await tx.webhookAttempt.createMany({
      data: outcomes.map(({ delivery, attempt, at, headers, result }) => ({
        deliveryId: delivery.id,
        number: attempt,
        at,
        requestHeaders: headers,
        responseStatus: result.status ?? null,
        responseBody: result.body ?? null,
        latencyMs: result.latencyMs,
        error: result.error ?? null,
      })),
    });
    // Only the holder of an attempt may settle it (a worker that overran its hold finds attempts moved on).
    const settled = outcomes.map(
      ({ delivery, attempt, at, ok, retryAt }) =>
        Prisma.sql`(${delivery.id}, ${attempt}::int, ${ok ? "delivered" : retryAt ? "pending" : "failed"},
          ${retryAt ?? null}::timestamptz, ${ok ? at : null}::timestamptz)`,
    );
    await tx.$executeRaw`
      UPDATE "WebhookDelivery" AS d
      SET state = v.state::"WebhookDeliveryState", "nextAttemptAt" = v.next, "lockedUntil" = NULL,
          "deliveredAt" = COALESCE(v.delivered, d."deliveredAt")
      FROM (VALUES ${Prisma.join(settled)}) AS v(id, attempts, state, next, delivered)
      WHERE d.id = v.id AND d.attempts = v.attempts`;
    const gone = [...new Set(outcomes.filter((o) => o.gone).map((o) => o.delivery.subscriptionId))];
    if (gone.length) {
      await tx.webhookSubscription.updateMany({ where: { id: { in: gone } }, data: { state: "inactive" } });
    }
  });
  const delivered = outcomes.filter((o) => o.ok).length;
  if (delivered < outcomes.length) {
    logger().info({ attempted: outcomes.length, delivered }, "webhook attempts failed; retries scheduled");
  }
  return { attempted: outcomes.length, delivered };
}

/**
 * The worker's periodic run: rounds for as long as each claims a full batch, so a backlog drains at the pace of the
 * receivers and the database rather than one batch per polling interval (20 every 500 ms capped it at 40 events/s).
 * Failed attempts are not due again for seconds, so a failing receiver does not keep the loop going.
 */
export async function deliverWhileDue(options: {
  config: Config;
  clock?: Clock;
  batch?: number;
}): Promise<{ attempted: number; delivered: number }> {
  const batch = options.batch ?? DELIVERY_BATCH;
  const total = { attempted: 0, delivered: 0 };
  for (;;) {
    const round = await deliverDueWebhooks({ ...options, batch });
    total.attempted += round.attempted;
    total.delivered += round.delivered;
    if (round.attempted < batch) return total;
  }
}
