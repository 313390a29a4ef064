import type { z } from "zod";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { WebhookAttempt, WebhookDelivery } from "../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import { logger } from "../logging/logger.ts";
import type { Caller } from "../oauth/caller.ts";
import { announceDeliveriesDue } from "./claim-deliveries.ts";
import { ownSubscription } from "./manage-subscriptions.ts";
import type { deliveriesQuery, WebhookEventType } from "./webhook.schemas.ts";
import type { AttemptView, DeliveryDetailView, DeliveryView } from "./webhook.responses.ts";
import { webhookBody } from "./webhook-body.ts";

export type { AttemptView, DeliveryView };

export function attemptView(a: WebhookAttempt): AttemptView {
  return {
    number: a.number,
    at: a.at.toISOString(),
    // Written from webhookHeaders(): names to values.
    requestHeaders: a.requestHeaders as Record<string, string>,
    ...(a.responseStatus !== null ? { responseStatus: a.responseStatus } : {}),
    ...(a.responseBody !== null ? { responseBody: a.responseBody } : {}),
    latencyMs: a.latencyMs,
    ...(a.error !== null ? { error: a.error } : {}),
  };
}

export function deliveryView(d: WebhookDelivery, last?: WebhookAttempt): DeliveryView {
  return {
    id: d.id,
    // Only types a subscription asked for become deliveries, and those are checked against the list.
    type: d.type as WebhookEventType,
    state: d.state,
    attempts: d.attempts,
    createdAt: d.createdAt.toISOString(),
    ...(d.nextAttemptAt && d.state === "pending" ? { nextAttemptAt: d.nextAttemptAt.toISOString() } : {}),
    ...(d.deliveredAt ? { deliveredAt: d.deliveredAt.toISOString() } : {}),
    ...(last ? { lastAttempt: attemptView(last) } : {}),
  };
}

/** `GET /webhooks/{id}/deliveries`: the subscription's deliveries, newest first, each with its last attempt. */
export async function listDeliveries(options: {
  caller: Caller;
  subscriptionId: string;
  query: z.infer<typeof deliveriesQuery>;
}): Promise<{ deliveries: DeliveryView[] }> {
  const subscription = await ownSubscription(options.caller, options.subscriptionId);
  const prisma = await db();
  const rows = await prisma.webhookDelivery.findMany({
    where: { subscriptionId: subscription.id, ...(options.query.state ? { state: options.query.state } : {}) },
    orderBy: { createdAt: "desc" },
    take: options.query.limit,
    include: { attemptLog: { orderBy: { number: "desc" }, take: 1 } },
  });
  return { deliveries: rows.map((d) => deliveryView(d, d.attemptLog[0])) };
}

async function ownDelivery(caller: Caller, subscriptionId: string, deliveryId: string) {
  const subscription = await ownSubscription(caller, subscriptionId);
  const prisma = await db();
  const delivery = await prisma.webhookDelivery.findFirst({
    where: { id: deliveryId, subscriptionId: subscription.id },
    include: { attemptLog: { orderBy: { number: "asc" } } },
  });
  if (!delivery) throw new AppError("NOT_FOUND", "Delivery not found");
  return delivery;
}

/** `GET /webhooks/{id}/deliveries/{deliveryId}`: one delivery with its body and every attempt. */
export async function getDelivery(options: {
  caller: Caller;
  subscriptionId: string;
  deliveryId: string;
}): Promise<DeliveryDetailView> {
  const d = await ownDelivery(options.caller, options.subscriptionId, options.deliveryId);
  return {
    ...deliveryView(d, d.attemptLog.at(-1)),
    payload: webhookBody(d.payload),
    attemptLog: d.attemptLog.map(attemptView),
  };
}

/**
 * `POST /webhooks/{id}/deliveries/{deliveryId}/resend`: one more attempt, now, with the same `webhook-id` (so a
 * receiver that did get it can tell). A delivery being attempted at this moment is 409.
 */
export async function resendDelivery(options: {
  caller: Caller;
  subscriptionId: string;
  deliveryId: string;
  clock?: Clock;
}): Promise<DeliveryView> {
  const { clock = serverClock } = options;
  const d = await ownDelivery(options.caller, options.subscriptionId, options.deliveryId);
  const now = clock();
  const prisma = await db();
  const { count } = await prisma.webhookDelivery.updateMany({
    where: { id: d.id, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { state: "pending", nextAttemptAt: now, manual: true, lockedUntil: null, claimedBy: null },
  });
  if (count !== 1) throw new AppError("CONFLICT", "The delivery is being attempted right now");
  // Due now: the workers hear of it at once rather than at their next poll.
  await announceDeliveriesDue(prisma);
  return deliveryView(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } }), d.attemptLog.at(-1));
}

/** The queue at a glance, logged by the worker: pending and failed deliveries, and how long the oldest has waited. */
export async function logQueueMetrics(clock: Clock = serverClock): Promise<void> {
  const prisma = await db();
  const [pending, failed, oldest] = await Promise.all([
    prisma.webhookDelivery.count({ where: { state: "pending" } }),
    prisma.webhookDelivery.count({ where: { state: "failed" } }),
    prisma.webhookDelivery.findFirst({ where: { state: "pending" }, orderBy: { createdAt: "asc" } }),
  ]);
  const oldestAgeSeconds = oldest ? Math.round((clock().getTime() - oldest.createdAt.getTime()) / 1000) : 0;
  logger().info({ webhooks: { pending, failed, oldestAgeSeconds } }, "webhook queue");
}
