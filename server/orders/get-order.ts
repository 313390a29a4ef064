import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { accessibleProfiles } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { orderView, type OrderView } from "./order-view.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /orders/{orderId}` (SPEC endpoint 22): an order of a profile the caller may read; any other is 404 (C25). */
export async function getOrder(options: { caller: Caller; orderId: string }): Promise<OrderView> {
  const { caller, orderId } = options;
  if (!UUID.test(orderId)) throw new AppError("NOT_FOUND", "Order not found");
  const ids = (await accessibleProfiles(caller)).map((p) => p.id);
  const prisma = await db();
  const order = await prisma.order.findFirst({ where: { id: orderId.toLowerCase(), profileId: { in: ids } } });
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  return orderView(order);
}
