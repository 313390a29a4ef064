import type { Config } from "../config.ts";
import type { Order, Prisma } from "../generated/prisma/client.ts";
import { orderCounterpart, sealOrderText } from "./order-text.ts";
import { recordOrderEvent } from "./order-view.ts";
import { queueOrderTransaction } from "./queue-order-transaction.ts";

/** A cross-chain redeem's other half: an issue order of the same amount to the target address and chain. */
export async function createDependentIssue(
  tx: Prisma.TransactionClient,
  order: Order,
  config: Config,
  now: Date,
): Promise<void> {
  const identifier = orderCounterpart(order).identifier;
  if (identifier.standard !== "chain") return;
  const target = await tx.address.findFirst({
    where: { addressKey: identifier.address.toLowerCase(), chain: identifier.chain },
    select: { profileId: true },
  });
  const issue = await tx.order.create({
    data: {
      id: crypto.randomUUID(),
      kind: "issue",
      profileId: target?.profileId ?? order.profileId,
      address: identifier.address,
      addressKey: identifier.address.toLowerCase(),
      chain: identifier.chain,
      currency: order.currency,
      amountMinor: order.amountMinor,
      ...sealOrderText({
        counterpart: { identifier: { standard: "chain", address: order.address, chain: order.chain }, details: {} },
        memo: order.memo,
      }),
      referenceNumber: order.referenceNumber,
      state: "pending",
      placedAt: now,
      parentOrderId: order.id,
      // Claimed and queued at once: its mint is settled by the queue like any other.
      chainAttemptAt: now,
    },
  });
  await recordOrderEvent(tx, "order.created", issue, now);
  await queueOrderTransaction(tx, issue, config, now, { attempt: 1 });
}
