import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Caller } from "../oauth/caller.ts";
import { getDelivery } from "./deliveries.ts";

/**
 * One delivery of the calling application, found by its id alone (the portal's log spans all subscriptions): the
 * delivery with its body and every attempt, the event it carries, and the subscription it goes to.
 */
export async function applicationDelivery(options: { caller: Caller; deliveryId: string }) {
  const prisma = await db();
  const found = await prisma.webhookDelivery.findFirst({
    where: { id: options.deliveryId, subscription: { applicationId: options.caller.applicationId } },
    select: { eventId: true, subscription: { select: { id: true, url: true, state: true } } },
  });
  if (!found) throw new AppError("NOT_FOUND", "Delivery not found");
  const delivery = await getDelivery({
    caller: options.caller,
    subscriptionId: found.subscription.id,
    deliveryId: options.deliveryId,
  });
  return { ...delivery, eventId: found.eventId, subscription: found.subscription };
}
