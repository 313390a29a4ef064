import type { Prisma } from "../generated/prisma/client.ts";
import { sealAtRest } from "../keys/sealed-value.ts";
import { activeTraceparent } from "../telemetry/tracing.ts";
import type { EventData } from "../webhooks/event.responses.ts";
import { EVENT_DATA } from "./event-data.ts";
import type { EventType } from "./event-types.ts";

/**
 * The notification channel of the webhook worker: every statement that inserts into "DomainEvent" announces it
 * (a trigger, prisma/migrations/…_domain_event_notify), as does a delivery resent by hand, so every instance's worker
 * wakes at once instead of at its next poll. PostgreSQL delivers a notification only when its transaction commits,
 * and once per transaction however many events it recorded.
 */
export const WEBHOOK_WORK_CHANNEL = "tokenrail_webhook_work";

/**
 * The payload of a notification on `WEBHOOK_WORK_CHANNEL` that says deliveries are due now (a resend, claims
 * released by a stopping instance), not only new events: the workers then also look for due deliveries, which they
 * otherwise do at their poll.
 */
export const DELIVERIES_DUE = "due";

/**
 * Records a domain event in the transaction of the change it describes: it exists exactly when the change
 * committed. Its data is sealed at rest (`EVENT_DATA`). Delivery (webhooks) reads this table; nothing is sent from inside the transaction.
 * When traces are exported, the event keeps the trace context it was recorded in, which its deliveries join.
 */
export async function recordEvent<T extends EventType>(
  tx: Prisma.TransactionClient,
  event: { type: T; profileId: string; data: EventData[T]; at: Date },
): Promise<void> {
  await tx.domainEvent.create({
    data: {
      type: event.type,
      profileId: event.profileId,
      data: sealAtRest(event.data, EVENT_DATA),
      createdAt: event.at,
      traceparent: activeTraceparent(),
    },
  });
}
