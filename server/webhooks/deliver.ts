import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { ClaimHolder } from "../db/claim-holder.ts";
import { claimHolder, db } from "../db/client.ts";
import { Prisma, type PrismaClient } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import { metrics } from "../metrics/metrics.ts";
import { claimDue, releaseClaims, releaseClaimsOfGoneHolders, type ClaimedDelivery } from "./claim-deliveries.ts";
import { nextAttemptAt } from "./schedule.ts";
import { signingKey } from "./secret.ts";
import { sendWebhook, type SendResult } from "./send.ts";
import { webhookHeaders } from "./sign.ts";
import { webhookBody } from "./webhook-body.ts";
import { contextOf, formatTraceparent, inSpan, SpanKind, SpanStatusCode, type Span } from "../telemetry/tracing.ts";
import { tracingWanted } from "../telemetry/tracing-settings.ts";

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
 * The claimed deliveries this process may still send: those claimed for the claim holder it still is. Once it lost
 * its holder (its database connection broke), another instance may already have released and claimed them: they
 * are left to that one, never sent from both.
 */
function stillHeld(holder: ClaimHolder, claimed: ClaimedDelivery[]): ClaimedDelivery[] {
  const held = claimed.filter((d) => holder.holds(d.claimedBy));
  if (held.length < claimed.length) {
    logger().warn({ left: claimed.length - held.length }, "webhook deliveries left to others: their claim was lost");
  }
  return held;
}

/**
 * The trace context each delivery's event was recorded in, when traces are exported (otherwise none is looked up):
 * a delivery's span is a child of the work that caused its event, however much later and wherever it is sent.
 */
async function causingTraces(claimed: ClaimedDelivery[]): Promise<Map<string, string>> {
  if (!tracingWanted() || claimed.length === 0) return new Map();
  const prisma = await db();
  const rows = await prisma.$queryRaw<{ id: string; traceparent: string }[]>`
    SELECT d.id, e.traceparent FROM "WebhookDelivery" d JOIN "DomainEvent" e ON e.id = d."eventId"
    WHERE d.id = ANY (${claimed.map((d) => d.id)}::text[]) AND e.traceparent IS NOT NULL`;
  return new Map(rows.map((row) => [row.id, row.traceparent]));
}

/**
 * POSTs each claimed delivery at once, signed afresh with the same `webhook-id`, and decides what comes next (C21).
 * Each attempt is a span of the trace that caused its event and carries it as `traceparent`, so the receiver can
 * join its own trace to ours.
 */
async function send(config: Config, clock: Clock, claimed: ClaimedDelivery[]): Promise<Outcome[]> {
  const causes = await causingTraces(claimed);
  return Promise.all(
    claimed.map((delivery) =>
      inSpan("webhook deliver", { kind: SpanKind.CLIENT, parent: contextOf(causes.get(delivery.id)) }, async (span) => {
        const outcome = await attempt(config, clock, delivery, span);
        if (span.isRecording()) {
          span.setAttributes({
            "tokenrail.webhook.id": delivery.id,
            "tokenrail.webhook.attempt": delivery.attempts,
            ...(outcome.result.status === undefined ? {} : { "http.response.status_code": outcome.result.status }),
          });
          if (!outcome.ok) span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.result.error ?? "" });
        }
        return outcome;
      }),
    ),
  );
}

/** One attempt of one delivery. */
async function attempt(config: Config, clock: Clock, delivery: ClaimedDelivery, span: Span): Promise<Outcome> {
  const active = delivery.subscriptionState === "active";
  const at = clock();
  let result: SendResult;
  let headers: Record<string, string> = {};
  if (!active) {
    result = { latencyMs: 0, error: "the subscription is inactive" };
  } else {
    const key = signingKey(delivery.secretSealed, config.secret);
    const body = webhookBody(delivery.payload);
    headers = webhookHeaders({ id: delivery.id, timestamp: at, body, key });
    if (span.isRecording()) headers.traceparent = formatTraceparent(span.spanContext());
    result = await sendWebhook({
      url: delivery.url,
      headers,
      body,
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
          "claimedBy" = NULL, "deliveredAt" = COALESCE(v.delivered, d."deliveredAt")
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
 * One round of the delivery worker: releases the claims of holders that are gone (C60), claims due deliveries, POSTs
 * each, records the attempts and schedules the next ones (C21). 2xx is delivered; 410 switches the subscription off;
 * otherwise it is retried until its attempts or its 12 hours are used up.
 */
export async function deliverDueWebhooks(options: {
  config: Config;
  clock?: Clock;
  batch?: number;
}): Promise<{ attempted: number; delivered: number }> {
  const { config, clock = serverClock, batch = DELIVERY_BATCH } = options;
  const prisma = await db();
  const holder = await claimHolder();
  await releaseClaimsOfGoneHolders(prisma);
  const me = holder.current();
  const claimed = me === undefined ? [] : await claimDue(prisma, config, clock(), batch, me);
  const held = stillHeld(holder, claimed);
  if (held.length === 0) return { attempted: 0, delivered: 0 };
  const outcomes = await send(config, clock, held);
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
    private readonly holder: ClaimHolder,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /**
   * A failed record stops the rounds: their deliveries stay held, and are attempted again once released (this
   * process's own holder gone) or once the hold lapses.
   */
  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  async send(claimed: ClaimedDelivery[]): Promise<void> {
    this.throwIfFailed();
    const held = stillHeld(this.holder, claimed);
    if (held.length === 0) return;
    const outcomes = await send(this.config, this.clock, held);
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
   * Rounds of whatever is due (retries, resends, deliveries a stopped worker or a dead instance held: the claims of
   * holders that are gone are released first) for as long as each claims a full batch, so a backlog drains at the
   * pace of the receivers and the database rather than one batch per wake-up. The next claim goes out while a round
   * sends. Failed attempts are not due again for seconds, so a failing receiver does not keep the loop going. A
   * process that holds no claim holder at the moment (its connection is being reopened) claims nothing.
   */
  async drainDue(batch: number, stopping: () => boolean = () => false): Promise<void> {
    if (stopping()) return;
    await releaseClaimsOfGoneHolders(this.prisma);
    const me = this.holder.current();
    if (me === undefined) return;
    const claimDueNow = () => claimDue(this.prisma, this.config, this.clock(), batch, me);
    let next = claimDueNow();
    for (;;) {
      const claimed = await next;
      if (claimed.length === 0) return;
      if (stopping()) {
        await releaseClaims(claimed);
        return;
      }
      next = claimed.length < batch ? Promise.resolve([]) : claimDueNow();
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
