import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { DELIVERIES_DUE, WEBHOOK_WORK_CHANNEL } from "../events/record-event.ts";
import { Prisma, type PrismaClient } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import { metrics } from "../metrics/metrics.ts";
import { nextAttemptAt } from "./schedule.ts";
import { signingKey } from "./secret.ts";
import { sendWebhook, type SendResult } from "./send.ts";
import { webhookHeaders } from "./sign.ts";

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
};

type Outcome = {
  delivery: ClaimedDelivery;
  at: Date;
  headers: Record<string, string>;
  result: SendResult;
  ok: boolean;
  gone: boolean;
  retryAt?: Date;
};

/** Deliveries claimed and sent in parallel per round. */
export const DELIVERY_BATCH = 20;

/**
 * Claims up to `batch` due deliveries and reads each with its subscription, in one statement (`FOR UPDATE SKIP
 * LOCKED`, then held with `lockedUntil`), so several instances never send the same attempt twice. The hold outlasts
 * two attempts: a batch claimed ahead may wait for the round before it to finish sending. Oldest due first, in the
 * order of the (state, nextAttemptAt) index, so a claim reads its batch and no more however long the queue.
 */
async function claimDue(prisma: PrismaClient, config: Config, now: Date, batch: number): Promise<ClaimedDelivery[]> {
  const holdUntil = new Date(now.getTime() + 2 * config.webhooks.timeoutMs + 30_000);
  return prisma.$queryRaw<ClaimedDelivery[]>`
    WITH claimed AS (
      UPDATE "WebhookDelivery" SET "lockedUntil" = ${holdUntil}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM "WebhookDelivery"
        WHERE state = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
        ORDER BY "nextAttemptAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING id, attempts, payload, manual, "createdAt", "subscriptionId")
    SELECT c.id, c.attempts, c.payload, c.manual, c."createdAt",
           s.id AS "subscriptionId", s.url, s."secretSealed", s.state::text AS "subscriptionState"
    FROM claimed c JOIN "WebhookSubscription" s ON s.id = c."subscriptionId"`;
}

/**
 * Releases every delivery held for an attempt, so it is claimed again at once. Only for an embedded database, when
 * its process starts: a PGlite database has one process, so any hold it finds was left by one that stopped (a crash
 * between claiming and recording), whose attempt may or may not have reached the receiver; the next attempt carries
 * the same `webhook-id`. On PostgreSQL other instances may be sending, and holds lapse on their own.
 */
export async function releaseHeldDeliveries(): Promise<number> {
  const prisma = await db();
  return prisma.$executeRaw`
    UPDATE "WebhookDelivery" SET "lockedUntil" = NULL WHERE state = 'pending' AND "lockedUntil" IS NOT NULL`;
}

/**
 * Gives back deliveries claimed for an attempt that was not made (a stopping worker's), so any instance claims them
 * again at once instead of when their hold lapses: the hold is cleared and the attempt not counted.
 */
export async function releaseClaims(claimed: Pick<ClaimedDelivery, "id">[]): Promise<number> {
  if (claimed.length === 0) return 0;
  const prisma = await db();
  const [released] = await prisma.$transaction([
    prisma.$executeRaw`
      UPDATE "WebhookDelivery" SET "lockedUntil" = NULL, attempts = GREATEST(attempts - 1, 0)
      WHERE id = ANY(${claimed.map((d) => d.id)}::text[]) AND state = 'pending'`,
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

/** POSTs each claimed delivery at once, signed afresh with the same `webhook-id`, and decides what comes next (C21). */
async function send(config: Config, clock: Clock, claimed: ClaimedDelivery[]): Promise<Outcome[]> {
  return Promise.all(
    claimed.map(async (delivery) => {
      const active = delivery.subscriptionState === "active";
      const at = clock();
      let result: SendResult;
      let headers: Record<string, string> = {};
      if (!active) {
        result = { latencyMs: 0, error: "the subscription is inactive" };
      } else {
        const key = signingKey(delivery.secretSealed, config.secret);
        headers = webhookHeaders({ id: delivery.id, timestamp: at, body: delivery.payload, key });
        result = await sendWebhook({
          url: delivery.url,
          headers,
          body: delivery.payload,
          timeoutMs: config.webhooks.timeoutMs,
          policy: { allowPrivate: config.webhooks.allowPrivateUrls },
        });
      }
      const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
      const gone = result.status === 410;
      const retryAt =
        ok || gone || delivery.manual || !active
          ? undefined
          : nextAttemptAt({
              attempts: delivery.attempts,
              firstAt: delivery.createdAt,
              now: clock(),
              retryAfterSeconds: result.status === 429 || result.status === 503 ? result.retryAfterSeconds : undefined,
            });
      return { delivery, at, headers, result, ok, gone, retryAt };
    }),
  );
}

/**
 * Records a round's attempts and settles its deliveries in one statement, whatever the batch size (one array
 * parameter per column, so eleven parameters however many rows): atomic on its own, so no transaction is held open
 * around it. Only the holder of an attempt may settle it (a worker that overran its hold finds `attempts` moved on);
 * its attempt is logged either way. A 410 switches the subscription off.
 */
async function record(prisma: PrismaClient, clock: Clock, outcomes: Outcome[]): Promise<void> {
  const column = <T>(pick: (o: Outcome) => T): T[] => outcomes.map(pick);
  const ids = column((o) => o.delivery.id);
  const attemptNumbers = column((o) => o.delivery.attempts);
  const states = column((o) => (o.ok ? "delivered" : o.retryAt ? "pending" : "failed"));
  const nexts = column((o) => o.retryAt?.toISOString() ?? null);
  const delivereds = column((o) => (o.ok ? o.at.toISOString() : null));
  const ats = column((o) => o.at.toISOString());
  const headers = column((o) => JSON.stringify(o.headers));
  const statuses = column((o) => o.result.status ?? null);
  const bodies = column((o) => o.result.body ?? null);
  const latencies = column((o) => o.result.latencyMs);
  const errors = column((o) => o.result.error ?? null);
  const gone = [...new Set(outcomes.filter((o) => o.gone).map((o) => o.delivery.subscriptionId))];
  const switchOff = gone.length
    ? Prisma.sql`, switched AS (
        UPDATE "WebhookSubscription" SET state = 'inactive', "updatedAt" = ${clock()}::timestamptz
        WHERE id = ANY (${gone}::uuid[]) RETURNING 1)`
    : Prisma.empty;
  await prisma.$executeRaw`
    WITH v AS (
      SELECT * FROM unnest(${ids}::text[], ${attemptNumbers}::int[], ${states}::text[], ${nexts}::timestamptz[],
        ${delivereds}::timestamptz[], ${ats}::timestamptz[], ${headers}::jsonb[], ${statuses}::int[],
        ${bodies}::text[], ${latencies}::int[], ${errors}::text[])
        AS v (id, attempts, state, next, delivered, at, headers, status, body, latency, error)),
    settled AS (
      UPDATE "WebhookDelivery" AS d
      SET state = v.state::"WebhookDeliveryState", "nextAttemptAt" = v.next, "lockedUntil" = NULL,
          "deliveredAt" = COALESCE(v.delivered, d."deliveredAt")
      FROM v WHERE d.id = v.id AND d.attempts = v.attempts
      RETURNING 1)${switchOff}
    INSERT INTO "WebhookAttempt"
      ("deliveryId", number, at, "requestHeaders", "responseStatus", "responseBody", "latencyMs", error)
    SELECT id, attempts, at, headers, status, body, latency, error FROM v`;
  const attempts = metrics().deliveryAttempts;
  for (const { ok, retryAt } of outcomes) attempts.inc({ outcome: ok ? "delivered" : retryAt ? "retry" : "failed" });
}

function logFailures(outcomes: Outcome[]): void {
  const delivered = outcomes.filter((o) => o.ok).length;
  if (delivered < outcomes.length) {
    logger().info({ attempted: outcomes.length, delivered }, "webhook attempts failed; retries scheduled");
  }
}

/**
 * One round of the delivery worker: claims due deliveries, POSTs each, records the attempts and schedules the next
 * ones (C21). 2xx is delivered; 410 switches the subscription off; otherwise it is retried until its attempts or
 * its 12 hours are used up.
 */
export async function deliverDueWebhooks(options: {
  config: Config;
  clock?: Clock;
  batch?: number;
}): Promise<{ attempted: number; delivered: number }> {
  const { config, clock = serverClock, batch = DELIVERY_BATCH } = options;
  const prisma = await db();
  const claimed = await claimDue(prisma, config, clock(), batch);
  if (claimed.length === 0) return { attempted: 0, delivered: 0 };
  const outcomes = await send(config, clock, claimed);
  await record(prisma, clock, outcomes);
  logFailures(outcomes);
  return { attempted: outcomes.length, delivered: outcomes.filter((o) => o.ok).length };
}

/**
 * Outcomes gathered before a record is written (the rest when the run ends), and recorded per statement at most,
 * which is also how many may wait for their record before sending pauses. A record statement's fixed cost is many
 * rows' worth, on the embedded database above all.
 */
const RECORD_AFTER = 200;
const RECORD_BATCH = 400;

/**
 * Rounds of claimed deliveries, sent one round at a time, never more than a round at once. Their outcomes are
 * recorded behind them, one statement at a time, once `RECORD_AFTER` have gathered: whatever finished while a record
 * was being written goes into the next one, so the slower the database, the larger (and fewer) its writes, and
 * sending never waits for it unless `RECORD_BATCH` outcomes are waiting. `finish` records what is left, waits for
 * the last record and says what was sent.
 */
export class DeliveryRounds {
  private readonly waiting: Outcome[] = [];
  private recording?: Promise<void>;
  private failure?: { error: unknown };
  private readonly total = { attempted: 0, delivered: 0 };

  constructor(
    private readonly prisma: PrismaClient,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** A failed record stops the rounds: their deliveries stay held, and are attempted again once the hold lapses. */
  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  async send(claimed: ClaimedDelivery[]): Promise<void> {
    this.throwIfFailed();
    if (claimed.length === 0) return;
    const outcomes = await send(this.config, this.clock, claimed);
    this.waiting.push(...outcomes);
    if (this.waiting.length >= RECORD_AFTER) this.recording ??= this.recordWaiting();
    this.total.attempted += outcomes.length;
    this.total.delivered += outcomes.filter((o) => o.ok).length;
    if (this.waiting.length >= RECORD_BATCH) await this.recording;
    this.throwIfFailed();
  }

  /** Records what waits, `RECORD_AFTER` at a time at least, or to the last one with `all`. */
  private async recordWaiting(all = false): Promise<void> {
    try {
      while (this.waiting.length >= (all ? 1 : RECORD_AFTER)) {
        const outcomes = this.waiting.splice(0, RECORD_BATCH);
        await record(this.prisma, this.clock, outcomes);
        logFailures(outcomes);
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.recording = undefined;
    }
  }

  /**
   * Rounds of whatever is due (retries, resends, deliveries a stopped worker held) for as long as each claims a full
   * batch, so a backlog drains at the pace of the receivers and the database rather than one batch per wake-up. The
   * next claim goes out while a round sends. Failed attempts are not due again for seconds, so a failing receiver
   * does not keep the loop going.
   */
  async drainDue(batch: number, stopping: () => boolean = () => false): Promise<void> {
    if (stopping()) return;
    let next = claimDue(this.prisma, this.config, this.clock(), batch);
    for (;;) {
      const claimed = await next;
      if (claimed.length === 0) return;
      if (stopping()) {
        await releaseClaims(claimed);
        return;
      }
      next = claimed.length < batch ? Promise.resolve([]) : claimDue(this.prisma, this.config, this.clock(), batch);
      next.catch(() => undefined);
      await this.send(claimed);
    }
  }

  async finish(): Promise<{ attempted: number; delivered: number }> {
    await this.recording;
    if (this.waiting.length > 0) await (this.recording = this.recordWaiting(true));
    this.throwIfFailed();
    return { ...this.total };
  }
}
