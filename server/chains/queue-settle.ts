import { serverClock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { ChainTransaction } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import type { SimulatedChain } from "./gateway.ts";
import { inSendSpan, message, operationOf, type DriveOptions, type Step } from "./queue-common.ts";
import type { ChainInfo } from "./registry.ts";

/** Settling the chain queue's rows: the simulated chain's in one transaction, and a failure on any chain. */

/** The simulated chain: the operation, the row's confirmation and the order's settlement are one transaction. */
export async function applySimulated(
  transactions: SimulatedChain,
  chain: ChainInfo,
  row: ChainTransaction,
  options: DriveOptions,
): Promise<Step> {
  const now = (options.clock ?? serverClock)();
  if (row.notBefore > now) return "later";
  return inSendSpan(chain, [row], () => applySimulatedNow(transactions, chain, row, options, now));
}

async function applySimulatedNow(
  transactions: SimulatedChain,
  chain: ChainInfo,
  row: ChainTransaction,
  options: DriveOptions,
  now: Date,
): Promise<Step> {
  const prisma = await db();
  try {
    const done = await prisma.$transaction(async (tx) => {
      const txHash = await transactions.apply(tx, operationOf(chain, row));
      const { count } = await tx.chainTransaction.updateMany({
        where: { id: row.id, state: "queued" },
        data: { state: "confirmed", txHash, sentAt: now, settledAt: now },
      });
      if (count !== 1) throw new Superseded();
      await options.hooks.confirmed(tx, { ...row, txHash }, now);
      return true;
    });
    return done ? "done" : "later";
  } catch (error) {
    if (error instanceof Superseded) return "done";
    await fail(row, "queued", message(error), options);
    return "done";
  }
}

/** Longest a batch of simulated rows may hold its transaction before it is given up (and its rows go one by one). */
const BATCH_TIMEOUT_MS = 30_000;

/**
 * Several due rows of the simulated chain settled in one transaction, one after the other, each exactly as
 * `applySimulated` settles it alone: a file of ten thousand credits mints in a few hundred commits, not ten thousand
 * (every mint updates the same issuance account, so rows settled side by side only queue on its lock). All or
 * nothing: if any row fails, or was settled elsewhere meanwhile, nothing of the batch is kept and `undefined` tells
 * the caller to settle the rows one by one, where a failure stays that row's own.
 */
export async function applySimulatedBatch(
  transactions: SimulatedChain,
  chain: ChainInfo,
  rows: ChainTransaction[],
  options: DriveOptions,
): Promise<Step[] | undefined> {
  const now = (options.clock ?? serverClock)();
  const due = rows.filter((row) => row.notBefore <= now && row.state === "queued");
  if (due.length < 2) return undefined;
  return inSendSpan(chain, due, () => applyBatchNow(transactions, chain, rows, due, options, now));
}

async function applyBatchNow(
  transactions: SimulatedChain,
  chain: ChainInfo,
  rows: ChainTransaction[],
  due: ChainTransaction[],
  options: DriveOptions,
  now: Date,
): Promise<Step[] | undefined> {
  const prisma = await db();
  // Mints no operator asked for (a bank file's, the API's payments) settle set-based: a few statements a batch.
  const mints = options.hooks.confirmedMints;
  const setBased = mints && due.every((row) => row.kind === "mint" && row.operator === null);
  try {
    await prisma.$transaction(
      async (tx) => {
        if (setBased) {
          const hashes = await transactions.applyMints(
            tx,
            due.map((row) => operationOf(chain, row)),
          );
          const confirmed = due.map((row, i) => ({ ...row, txHash: hashes[i]! }));
          const input = JSON.stringify(confirmed.map((row) => ({ id: row.id, txHash: row.txHash })));
          const count = await tx.$executeRaw`
            UPDATE "ChainTransaction" t
            SET "state" = 'confirmed', "txHash" = i."txHash", "sentAt" = ${now}::timestamptz,
              "settledAt" = ${now}::timestamptz, "updatedAt" = ${now}::timestamptz
            FROM jsonb_to_recordset(${input}::jsonb) AS i("id" uuid, "txHash" text)
            WHERE t."id" = i."id" AND t."state" = 'queued'`;
          if (count !== due.length) throw new Superseded();
          await mints(tx, confirmed, now);
          return;
        }
        await options.hooks.lockBatch?.(tx, due);
        for (const row of due) {
          const txHash = await transactions.apply(tx, operationOf(chain, row));
          const { count } = await tx.chainTransaction.updateMany({
            where: { id: row.id, state: "queued" },
            data: { state: "confirmed", txHash, sentAt: now, settledAt: now },
          });
          if (count !== 1) throw new Superseded();
          await options.hooks.confirmed(tx, { ...row, txHash }, now);
        }
      },
      { timeout: BATCH_TIMEOUT_MS, maxWait: BATCH_TIMEOUT_MS },
    );
  } catch (error) {
    if (!(error instanceof Superseded)) {
      logger().debug({ err: error, rows: due.length }, "a batch of simulated chain rows goes one by one");
    }
    return undefined;
  }
  return rows.map((row) => (due.includes(row) ? "done" : "later"));
}

/** The row moved on elsewhere meanwhile (its state was not the one this driver read). */
class Superseded extends Error {}

/**
 * Marks a row failed (when still in one of `from`) and lets the orders side react, in one transaction. If that
 * reaction itself fails, the row is still marked failed, with both errors: nothing stays silently open.
 */
export async function fail(
  row: ChainTransaction,
  from: ChainTransaction["state"] | ChainTransaction["state"][],
  error: string,
  options: DriveOptions,
): Promise<void> {
  const prisma = await db();
  const now = (options.clock ?? serverClock)();
  const states = Array.isArray(from) ? from : [from];
  logger().warn({ chainTransaction: row.id, orderId: row.orderId, kind: row.kind, error }, "chain transaction failed");
  try {
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.chainTransaction.updateMany({
        where: { id: row.id, state: { in: states } },
        data: { state: "failed", lastError: error, settledAt: now },
      });
      if (count === 1) await options.hooks.failed(tx, { ...row, state: "failed", lastError: error }, error, now);
    });
  } catch (reaction) {
    logger().error(
      { err: reaction, chainTransaction: row.id },
      "the order of a failed chain transaction was not settled",
    );
    // Left to the operator, with both errors: the order has no open transaction, so it shows as stuck.
    await prisma.chainTransaction.updateMany({
      where: { id: row.id, state: { in: states } },
      data: { state: "failed", lastError: `${error}; then: ${message(reaction)}`.slice(0, 2000), settledAt: now },
    });
  }
}
