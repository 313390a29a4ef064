import type { Prisma } from "../generated/prisma/client.ts";

/** Event types the webhooks deliver (SPEC "Event types"). */
export type EventType = "profile.updated" | "iban.updated" | "order.created" | "order.updated";

/**
 * Records a domain event in the transaction of the change it describes: it exists exactly when the change
 * committed. Delivery (webhooks) reads this table; nothing is sent from inside the transaction.
 */
export async function recordEvent(
  tx: Prisma.TransactionClient,
  event: { type: EventType; profileId: string; data: Prisma.InputJsonValue; at: Date },
): Promise<void> {
  await tx.domainEvent.create({
    data: { type: event.type, profileId: event.profileId, data: event.data, createdAt: event.at },
  });
}
