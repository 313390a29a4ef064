import { awaitChainTransaction, OPEN_STATES } from "../../chains/chain-queue.ts";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import type { Order } from "../../generated/prisma/client.ts";
import { logger } from "../../logging/logger.ts";
import { monitorAfterCommit } from "../../monitoring/monitor-after-commit.ts";
import { driveChainTransactions, queueHooks } from "../../orders/chain-settlement.ts";
import type { ImportReport } from "./import-report.ts";

/*
 * After an import commits, its mints are queued: drive the chain queue now rather than at the next job tick. In the
 * background, so a large file's report does not wait for thousands of mints; a crash meanwhile loses nothing (the
 * queued rows are driven by the next driver, here or on another instance).
 */

const drives = new Set<Promise<void>>();

export function afterImport(config: Config): void {
  const drive = driveChainTransactions(config)
    .catch((err: unknown) => logger().error({ err }, "the chain queue could not be driven after a bank import"))
    .finally(() => drives.delete(drive));
  drives.add(drive);
}

/**
 * The credits an import minted go to the monitoring rules after its commit (C67), in the background, one by one: an
 * issue order stands for its credit. A duplicate file minted nothing now and is not evaluated again.
 */
export function monitorImported(report: ImportReport): void {
  if (report.file.duplicate) return;
  const minted = report.entries.flatMap((entry) =>
    entry.result === "minted" && entry.orderId ? [{ kind: "order" as const, id: entry.orderId }] : [],
  );
  monitorAfterCommit(minted);
}

/** Resolves when the chain drives started after imports have ended (tests, shutdown). */
export async function importDrivesSettled(): Promise<void> {
  while (drives.size > 0) await Promise.allSettled([...drives]);
}

/**
 * Waits (at most `waitMs` per order) for the mints of the orders a report names, driving their queues meanwhile,
 * and answers the orders as they then are, in the report's order: what the sandbox API answers a payment with.
 */
export async function awaitImportedOrders(
  report: ImportReport,
  config: Config,
  options: { waitMs?: number; clock?: Clock } = {},
): Promise<Order[]> {
  const prisma = await db();
  const orderIds = [...new Set(report.entries.flatMap((entry) => (entry.orderId ? [entry.orderId] : [])))];
  const orders: Order[] = [];
  for (const orderId of orderIds) {
    const row = await prisma.chainTransaction.findFirst({ where: { orderId }, orderBy: { attempt: "desc" } });
    if (row && OPEN_STATES.some((state) => state === row.state)) {
      await awaitChainTransaction({
        config,
        hooks: queueHooks(config),
        clock: options.clock,
        row,
        waitMs: options.waitMs ?? 15_000,
      }).catch((err: unknown) => logger().error({ err, orderId }, "the imported order's mint could not be awaited"));
    }
    orders.push(await prisma.order.findUniqueOrThrow({ where: { id: orderId } }));
  }
  return orders;
}
