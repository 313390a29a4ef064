import { resolveChain } from "../chains/registry.ts";
import { seqCursor } from "../contract/seq-cursor.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import { Reply } from "../contract/reply.ts";
import type { Caller } from "../oauth/caller.ts";
import { profileForCaller } from "../profiles/profile-access.ts";
import type { ListOrdersQuery } from "./order.schemas.ts";
import { orderView } from "./order-view.ts";
import { memoKey } from "./order-text.ts";
import type { OrderList } from "./order.responses.ts";
import { quote } from "../limits.ts";

/**
 * `GET /orders` (SPEC endpoint 21): a profile's orders (the caller's default unless `profile` names another it may
 * read), filtered by `address`, `txHash`, `memo`, `state`, `kind` and `chain`, newest first (`sort=placedAt` for
 * oldest first). Keyset pagination keeps the spec's `{orders}` body: `limit` (1–100, default 50) orders per page,
 * and when more follow, the next page's cursor in `X-Next-Cursor` and a `Link: <…>; rel="next"` header.
 */
export async function listOrders(options: {
  caller: Caller;
  query: ListOrdersQuery;
  url: URL;
  config: Config;
}): Promise<Reply> {
  const { caller, query, url, config } = options;
  const profile = await profileForCaller(caller, query.profile, "read");
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const newestFirst = query.sort === "-placedAt";
  const where: Prisma.OrderWhereInput = {
    profileId: profile.id,
    ...(query.address ? { addressKey: query.address.toLowerCase() } : {}),
    ...(query.txHash ? { txHashes: { has: query.txHash.toLowerCase() } } : {}),
    // A sealed memo is found by its keyed hash; one written before sealing began, until sealed, by its plain value.
    ...(query.memo ? { OR: [{ memoKey: memoKey(query.memo) }, { memoKey: null, memo: { equals: query.memo } }] } : {}),
    ...(query.state ? { state: query.state } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.chain ? { chain: chainName(query.chain, config) } : {}),
    ...(after !== undefined ? { seq: newestFirst ? { lt: after } : { gt: after } } : {}),
  };
  const prisma = await db();
  const rows = await prisma.order.findMany({
    where,
    orderBy: { seq: newestFirst ? "desc" : "asc" },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const headers: Record<string, string> = {};
  if (rows.length > query.limit) {
    const cursor = encodeCursor(page[page.length - 1]!.seq);
    const next = new URL(url);
    next.searchParams.set("cursor", cursor);
    headers["x-next-cursor"] = cursor;
    headers.link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  const body: OrderList = { orders: page.map(orderView) };
  return new Reply(200, body, headers);
}

function chainName(name: string, config: Config): string {
  const chain = resolveChain(name, config.environment);
  if (!chain) {
    throw new AppError("VALIDATION", "Validation errors", {
      chain: `${quote(name)} is not a chain of this environment`,
    });
  }
  return chain.name;
}

const { encode: encodeCursor, decode: decodeCursor } = seqCursor("o");
