import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { seqCursor } from "../contract/seq-cursor.ts";
import { operatorOrderViews, type OperatorOrder } from "./operate-orders.ts";
import { QUEUE_PAGE_SIZE, type OperatorQueueQuery, type QueueFilter } from "./operator-queue.schemas.ts";

const FILTERS: Record<QueueFilter, Prisma.OrderWhereInput> = {
  // What only the operator can move on: signed redeem orders no run of the processor has claimed.
  awaiting: { kind: "redeem", state: "placed", signedAt: { not: null }, chainAttemptAt: null },
  open: { state: { in: ["placed", "pending"] } },
  placed: { state: "placed" },
  pending: { state: "pending" },
  processed: { state: "processed" },
  rejected: { state: "rejected" },
  all: {},
};

const { encode, decode } = seqCursor("oq");

/**
 * The operator console's order queue: orders of one filter (by default those awaiting the operator), optionally of
 * one kind and one profile, oldest or newest first, `QUEUE_PAGE_SIZE` at a time with a keyset cursor for the next
 * page (a cursor this queue did not give out is a VALIDATION error naming `cursor`).
 */
export async function operatorOrderQueue(options: {
  query: OperatorQueueQuery;
  clock?: Clock;
}): Promise<{ orders: OperatorOrder[]; nextCursor?: string }> {
  const { query, clock = serverClock } = options;
  const after = query.cursor === undefined ? undefined : decode(query.cursor);
  const newestFirst = query.sort === "newest";
  const prisma = await db();
  const rows = await prisma.order.findMany({
    where: {
      AND: [
        FILTERS[query.filter],
        query.kind ? { kind: query.kind } : {},
        query.profile ? { profileId: query.profile } : {},
        after !== undefined ? { seq: newestFirst ? { lt: after } : { gt: after } } : {},
      ],
    },
    orderBy: { seq: newestFirst ? "desc" : "asc" },
    take: QUEUE_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, QUEUE_PAGE_SIZE);
  return {
    orders: await operatorOrderViews(prisma, page, clock()),
    ...(rows.length > QUEUE_PAGE_SIZE ? { nextCursor: encode(page[page.length - 1]!.seq) } : {}),
  };
}
