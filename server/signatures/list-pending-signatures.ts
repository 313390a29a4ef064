import { z } from "zod";
import { resolveChain } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { Reply } from "../contract/reply.ts";
import { formatAmount } from "../money/amount.ts";
import type { Currency } from "../chains/registry.ts";
import type { PendingSignatureList, PendingSignatureView } from "./signature.responses.ts";
import type { Caller } from "../oauth/caller.ts";
import { profileForCaller } from "../profiles/profile-access.ts";
import { MAX_ID, tooLong } from "../limits.ts";
import { orderCounterpart } from "../orders/order-text.ts";
import { pendingMessage } from "./pending-message.ts";

export const pendingSignaturesQuery = z.object({
  address: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
  chain: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
  kind: z.enum(["linkAddress", "order"], "Use linkAddress or order").optional(),
  profile: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
});

/**
 * `GET /signatures` (SPEC endpoint 23): what a profile's smart accounts still have to sign on chain, oldest first,
 * with the count in `X-Total-Count`. Expired and completed requests are not pending.
 */
export async function listPendingSignatures(options: {
  caller: Caller;
  query: z.infer<typeof pendingSignaturesQuery>;
  config: Config;
  clock?: Clock;
}): Promise<Reply> {
  const { caller, query, config, clock = serverClock } = options;
  const profile = await profileForCaller(caller, query.profile, "read");
  let chain: string | undefined;
  if (query.chain !== undefined) {
    chain = resolveChain(query.chain, config.environment)?.name;
    if (!chain) {
      throw new AppError("VALIDATION", "Validation errors", {
        chain: `${query.chain} is not a chain of this environment`,
      });
    }
  }
  const prisma = await db();
  const rows = await prisma.pendingSignature.findMany({
    where: {
      profileId: profile.id,
      completedAt: null,
      expiresAt: { gt: clock() },
      kind: query.kind,
      chain,
      addressKey: query.address?.toLowerCase(),
    },
    orderBy: { createdAt: "asc" },
  });
  const orderIds = rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
  const orders = orderIds.length ? await prisma.order.findMany({ where: { id: { in: orderIds } } }) : [];
  const pending: PendingSignatureView[] = rows.map((r) => {
    const order = orders.find((o) => o.id === r.orderId);
    return {
      ...(order ? { id: order.id } : {}),
      // The column holds one of the two kinds (link-address.ts, place-order.ts).
      kind: r.kind as PendingSignatureView["kind"],
      chain: r.chain,
      address: r.address,
      ...(order
        ? {
            amount: formatAmount(order.amountMinor),
            counterpart: orderCounterpart(order),
            currency: order.currency as Currency,
            message: pendingMessage(r),
          }
        : {}),
      createdAt: r.createdAt.toISOString(),
    };
  });
  const body: PendingSignatureList = { pending, total: pending.length };
  return new Reply(200, body, { "x-total-count": String(pending.length) });
}
