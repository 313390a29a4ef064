import { z } from "zod";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { uuidOrUndefined } from "../ids.ts";
import type { Caller } from "../oauth/caller.ts";
import { deliveryView, type DeliveryView } from "./deliveries.ts";
import { WEBHOOK_EVENT_TYPES } from "./webhook.schemas.ts";
import { MAX_ID } from "../limits.ts";

/** Deliveries shown per page of the log. */
export const DELIVERY_PAGE_SIZE = 25;

/**
 * Filters of the application's delivery log, as they arrive in a page's query string: anything unknown is ignored
 * (a stale link shows the whole log rather than an error).
 */
export const deliveryLogFilter = z.object({
  subscription: z.string().max(MAX_ID).optional().catch(undefined),
  type: z.enum(WEBHOOK_EVENT_TYPES).optional().catch(undefined),
  state: z.enum(["pending", "delivered", "failed"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type DeliveryLogFilter = z.infer<typeof deliveryLogFilter>;

export type DeliveryLogEntry = DeliveryView & { subscription: { id: string; url: string } };

/**
 * The delivery log across all of the calling application's subscriptions, newest first, one page at a time, with
 * each delivery's last attempt. Only the application's own subscriptions are ever read.
 */
export async function listApplicationDeliveries(options: {
  caller: Caller;
  filter: DeliveryLogFilter;
  pageSize?: number;
}): Promise<{ deliveries: DeliveryLogEntry[]; total: number; page: number; pages: number }> {
  const { caller, filter, pageSize = DELIVERY_PAGE_SIZE } = options;
  const subscriptionId = filter.subscription === undefined ? undefined : uuidOrUndefined(filter.subscription);
  // A subscription filter that is not a UUID matches nothing (rather than everything).
  if (filter.subscription !== undefined && !subscriptionId) return { deliveries: [], total: 0, page: 1, pages: 1 };
  const where: Prisma.WebhookDeliveryWhereInput = {
    subscription: { applicationId: caller.applicationId, ...(subscriptionId ? { id: subscriptionId } : {}) },
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.state ? { state: filter.state } : {}),
  };
  const prisma = await db();
  const total = await prisma.webhookDelivery.count({ where });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(filter.page, pages);
  const rows = await prisma.webhookDelivery.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * pageSize,
    take: pageSize,
    include: {
      attemptLog: { orderBy: { number: "desc" }, take: 1 },
      subscription: { select: { id: true, url: true } },
    },
  });
  return {
    deliveries: rows.map((d) => ({ ...deliveryView(d, d.attemptLog[0]), subscription: d.subscription })),
    total,
    page,
    pages,
  };
}
