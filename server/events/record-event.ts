import { randomUUID } from "node:crypto";
import type { Prisma } from "../generated/prisma/client.ts";

/** Event types the webhooks deliver (SPEC "Event types"). */
export type EventType = "profile.updated" | "iban.updated" | "order.created" | "order.updated";

/**
 * The notification channel of the webhook worker: a recorded event, or a delivery made due by hand, is announced on
 * it so every instance's worker wakes at once instead of at its next poll. PostgreSQL delivers a notification only
 * when its transaction commits, and once per transaction however many events it recorded.
 */
export const WEBHOOK_WORK_CHANNEL = "tokenrail_webhook_work";

/**
 * Records a domain event in the transaction of the change it describes: it exists exactly when the change
 * committed. Delivery (webhooks) reads this table; nothing is sent from inside the transaction. The same statement
 * announces it on WEBHOOK_WORK_CHANNEL (heard after the commit), so recording costs no extra round trip.
 */
export async function recordEvent(
  tx: Prisma.TransactionClient,
  event: { type: EventType; profileId: string; data: Prisma.InputJsonValue; at: Date },
): Promise<void> {
  await tx.$executeRaw`
    WITH recorded AS (
      INSERT INTO "DomainEvent" (id, type, "profileId", data, "createdAt")
      VALUES (${randomUUID()}::uuid, ${event.type}, ${event.profileId}::uuid, ${JSON.stringify(event.data)}::jsonb,
              ${event.at}::timestamptz)
      RETURNING id)
    SELECT pg_notify(${WEBHOOK_WORK_CHANNEL}, '') FROM recorded`;
}
