import { resolveChain } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { validate } from "../validate.ts";
import { formatAmount } from "../money/amount.ts";
import { pendingMessage } from "../signatures/pending-message.ts";
import type { SandboxActor } from "./change-sandbox-settings.ts";
import { assertOperator, assertSandbox } from "./sandbox-only.ts";
import { safeRefSchema } from "./simulator.schemas.ts";

export type SafeSignatureView = {
  id: string;
  kind: "linkAddress" | "order";
  chain: string;
  address: string;
  message: string;
  msgHash: string;
  createdAt: string;
  expiresAt: string;
  order?: { id: string; amount: string; currency: string };
};

/**
 * What a Safe still has to sign on chain (address links and redeem orders placed with `0x`), oldest first, for the
 * simulator to complete. Anyone may look a Safe up by its address: on a real chain its `SignMsg` events are public.
 */
export async function listSafeSignatures(options: {
  input: unknown;
  actor: SandboxActor;
  config: Config;
  clock?: Clock;
}): Promise<SafeSignatureView[]> {
  const { config, clock = serverClock } = options;
  assertSandbox(config);
  assertOperator(options.actor);
  const { chain: name, address } = validate(safeRefSchema, options.input);
  const chain = resolveChain(name, config.environment);
  if (!chain || chain.family !== "evm") {
    throw new AppError("VALIDATION", "Validation errors", { chain: "Choose an EVM chain of the sandbox" });
  }
  const prisma = await db();
  const rows = await prisma.pendingSignature.findMany({
    where: { chain: chain.name, addressKey: address.toLowerCase(), completedAt: null, expiresAt: { gt: clock() } },
    orderBy: { createdAt: "asc" },
    take: 50,
  });
  const orderIds = rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
  const orders = orderIds.length
    ? await prisma.order.findMany({
        where: { id: { in: orderIds } },
        select: { id: true, amountMinor: true, currency: true },
      })
    : [];
  return rows.map((r) => {
    const order = orders.find((o) => o.id === r.orderId);
    return {
      id: r.id,
      kind: r.kind === "order" ? "order" : "linkAddress",
      chain: r.chain,
      address: r.address,
      message: pendingMessage(r),
      msgHash: r.msgHash,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      ...(order ? { order: { id: order.id, amount: formatAmount(order.amountMinor), currency: order.currency } } : {}),
    };
  });
}
