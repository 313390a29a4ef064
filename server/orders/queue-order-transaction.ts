import type { AuditActor } from "../audit/record-audit.ts";
import { queueChainTransaction } from "../chains/chain-queue.ts";
import { resolveChain, tokenContract, type Currency } from "../chains/registry.ts";
import type { Config } from "../config.ts";
import type { Order, Prisma } from "../generated/prisma/client.ts";
import { minorToTokenUnits } from "../money/amount.ts";

/** Queues an order's mint or burn (inside the transaction that claims it). */
export function queueOrderTransaction(
  tx: Prisma.TransactionClient,
  order: Order,
  config: Config,
  now: Date,
  extra: { attempt: number; notBefore?: Date; operator?: AuditActor },
) {
  const chain = resolveChain(order.chain, config.environment);
  if (!chain) throw new Error(`order ${order.id} is on ${order.chain}, not a chain of this environment`);
  const currency = order.currency as Currency;
  return queueChainTransaction(tx, config, {
    orderId: order.id,
    kind: order.kind === "issue" ? "mint" : "burn",
    chain: chain.name,
    currency,
    address: order.address,
    units: minorToTokenUnits(order.amountMinor, tokenContract(chain, currency).decimals),
    now,
    ...extra,
  });
}
