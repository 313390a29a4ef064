import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { isAppError } from "../errors.ts";
import { logger } from "../logging/logger.ts";
import { processOrder } from "./settle-order.ts";

/** An issue order not claimed this long after its payment arrived was interrupted (e.g. by a restart). */
const ISSUE_GRACE_MS = 30_000;

/**
 * The order work no request is waiting for: issue orders whose mint was never started (the instance stopped between
 * recording the payment and minting), and in the sandbox, signed redeem orders older than `autoProcessSeconds`.
 * Each order is claimed inside `processOrder`, so instances running this together never process one twice.
 */
export async function processDueOrders(options: {
  config: Config;
  /** Process signed redeem orders this long after signing (the sandbox's current setting); undefined: never. */
  autoProcessSeconds?: number;
  clock?: Clock;
}): Promise<number> {
  const { config, clock = serverClock } = options;
  const autoProcessSeconds = "autoProcessSeconds" in options ? options.autoProcessSeconds : config.autoProcessSeconds;
  const now = clock().getTime();
  const prisma = await db();
  // Orders compliance holds, and a frozen profile's, wait for a decision (C64, C66): left out here, so they never
  // crowd out the orders that can go on.
  const held = await prisma.complianceCase.findMany({
    where: { holds: "order", state: { in: ["open", "confirmed"] }, holdsId: { not: null } },
    select: { holdsId: true },
  });
  const frozen = await prisma.profile.findMany({ where: { frozenAt: { not: null } }, select: { id: true } });
  const waiting = {
    id: { notIn: held.flatMap((c) => (c.holdsId ? [c.holdsId] : [])) },
    profileId: { notIn: frozen.map((p) => p.id) },
  };
  const issues = await prisma.order.findMany({
    where: {
      kind: "issue",
      state: "pending",
      chainAttemptAt: null,
      placedAt: { lt: new Date(now - ISSUE_GRACE_MS) },
      ...waiting,
    },
    orderBy: { seq: "asc" },
    select: { id: true },
    take: 50,
  });
  const redeems =
    autoProcessSeconds === undefined || config.environment !== "sandbox"
      ? []
      : await prisma.order.findMany({
          where: {
            kind: "redeem",
            state: "placed",
            ...waiting,
            chainAttemptAt: null,
            signedAt: { lt: new Date(now - autoProcessSeconds * 1000) },
          },
          orderBy: { seq: "asc" },
          select: { id: true },
          take: 50,
        });
  let processed = 0;
  for (const { id } of [...issues, ...redeems]) {
    try {
      await processOrder({ orderId: id, config, clock });
      processed++;
    } catch (error) {
      // Another instance took it first, or an operator settled it meanwhile.
      if (!isAppError(error)) logger().error({ err: error, orderId: id }, "a due order could not be processed");
    }
  }
  return processed;
}
