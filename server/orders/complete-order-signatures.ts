import type { Hex } from "viem";
import { chainGateway } from "../chains/configured-gateway.ts";
import { resolveChain } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { pendingWhere, type PendingScope } from "../signatures/pending-scope.ts";
import { logger } from "../logging/logger.ts";
import { rejectOrder } from "./settle-order.ts";

/** Why a Safe's order is rejected when its account never signed it on chain. */
export const SIGNATURE_EXPIRED_REASON = "The account did not sign the order on chain within five days.";

/**
 * Redeem orders placed with `0x` wait for their Safe's `SignMsg`. Each one the chain reports signed becomes signed
 * (ready to process) once: the pending row is claimed with a conditional update, so several instances may run this.
 * Orders whose wait ran out are rejected and their tokens released. `only` narrows the run to one account.
 */
export async function completeOrderSignatures(options: {
  config: Config;
  clock?: Clock;
  only?: PendingScope;
}): Promise<{ signed: number; expired: number }> {
  const { config, clock = serverClock, only } = options;
  const now = clock();
  const prisma = await db();
  const waiting = await prisma.pendingSignature.findMany({
    where: { kind: "order", completedAt: null, expiresAt: { gt: now }, ...pendingWhere(only) },
    orderBy: { createdAt: "asc" },
    take: 100,
  });
  const gateway = chainGateway(config);
  let signed = 0;
  for (const pending of waiting) {
    const chain = resolveChain(pending.chain, config.environment);
    if (!chain || !(await gateway.hasSignedMessage(chain, pending.address as Hex, pending.msgHash as Hex))) continue;
    const done = await prisma.$transaction(async (tx) => {
      const { count } = await tx.pendingSignature.updateMany({
        where: { id: pending.id, completedAt: null },
        data: { completedAt: now },
      });
      if (count !== 1 || !pending.orderId) return false;
      await tx.order.updateMany({
        where: { id: pending.orderId, signedAt: null, state: "placed" },
        data: { signedAt: now },
      });
      return true;
    });
    if (done) signed++;
  }
  const lapsed = only
    ? []
    : await prisma.order.findMany({
        where: {
          kind: "redeem",
          state: "placed",
          signedAt: null,
          id: {
            in: (
              await prisma.pendingSignature.findMany({
                where: { kind: "order", completedAt: null, expiresAt: { lte: now }, orderId: { not: null } },
                select: { orderId: true },
                take: 100,
              })
            ).map((p) => p.orderId!),
          },
        },
        select: { id: true },
      });
  let expired = 0;
  for (const order of lapsed) {
    try {
      await rejectOrder({ orderId: order.id, reason: SIGNATURE_EXPIRED_REASON, config, clock });
      expired++;
    } catch (error) {
      logger().warn({ err: error, orderId: order.id }, "an order whose signature lapsed could not be rejected");
    }
  }
  return { signed, expired };
}
