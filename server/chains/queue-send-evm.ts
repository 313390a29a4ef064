import type { Hex } from "viem";
import { serverClock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { ChainTransaction } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import type { TransactionSigner } from "./gateway.ts";
import { inSendSpan, message, operationOf, stopState, type DriveOptions, type Step } from "./queue-common.ts";
import { fail } from "./queue-settle.ts";
import type { ChainInfo } from "./registry.ts";

const DEFAULT_RECEIPT_WAIT_MS = 20_000;

/**
 * A real chain, one row at a time in order (nonces are sequential): sign and store, broadcast, wait for the
 * receipt, settle. A row that cannot move now (broadcast failing, no receipt yet) blocks the rows after it.
 */
export function driveSigned(
  transactions: TransactionSigner,
  chain: ChainInfo,
  initial: ChainTransaction,
  options: DriveOptions,
): Promise<Step> {
  return inSendSpan(chain, [initial], () => driveSignedNow(transactions, chain, initial, options));
}

async function driveSignedNow(
  transactions: TransactionSigner,
  chain: ChainInfo,
  initial: ChainTransaction,
  options: DriveOptions,
): Promise<Step> {
  const clock = options.clock ?? serverClock;
  const prisma = await db();
  let row = initial;
  if (row.state === "queued") {
    if (row.notBefore > clock()) return "later";
    let signed;
    try {
      const nonce = await transactions.nextNonce(chain);
      signed = await transactions.sign(operationOf(chain, row), nonce);
    } catch (error) {
      await fail(row, "queued", message(error), options);
      return "done";
    }
    // Stored before it leaves the process: a sent transaction is never forgotten.
    const { count } = await prisma.chainTransaction.updateMany({
      where: { id: row.id, state: "queued" },
      data: { state: "signed", nonce: signed.nonce, rawTx: signed.rawTx, txHash: signed.txHash.toLowerCase() },
    });
    if (count !== 1) return "done";
    row = await prisma.chainTransaction.findUniqueOrThrow({ where: { id: row.id } });
    await options.afterSign?.(row);
  }
  if (!row.rawTx || !row.txHash) throw new Error(`chain transaction ${row.id} is ${row.state} without its bytes`);
  const txHash = row.txHash as Hex;

  // Signed (perhaps by a driver that died) or sent (perhaps dropped by the node): the same bytes, the same hash.
  let answer;
  try {
    answer = await transactions.broadcast(chain, row.rawTx as Hex);
  } catch (error) {
    await prisma.chainTransaction.update({ where: { id: row.id }, data: { lastError: message(error) } });
    logger().warn({ err: error, chainTransaction: row.id }, "a signed transaction could not be broadcast");
    return "blocked";
  }
  if (row.state === "signed") {
    await prisma.chainTransaction.updateMany({
      where: { id: row.id, state: "signed" },
      data: { state: "sent", sentAt: clock() },
    });
  }
  let outcome;
  const stop = stopState();
  try {
    outcome = await Promise.race([
      transactions.outcome(
        chain,
        txHash,
        answer === "nonce-used" || stop.stopping ? 0 : (options.receiptWaitMs ?? DEFAULT_RECEIPT_WAIT_MS),
      ),
      // Shutting down: the transaction is sent and its hash stored; its receipt is the next driver's to wait for.
      stop.signal.then(() => "stopping" as const),
    ]);
  } catch (error) {
    await prisma.chainTransaction.update({ where: { id: row.id }, data: { lastError: message(error) } });
    return "blocked";
  }
  if (outcome === "stopping") return "blocked";
  if (outcome === "pending" && answer === "nonce-used") {
    // Its nonce went to another transaction and this one was never mined: it never will be.
    await fail(row, ["signed", "sent"], `transaction ${txHash}: its nonce was used by another transaction`, options);
    return "done";
  }
  if (outcome === "pending") return "blocked";
  if (outcome === "reverted") {
    await fail(row, ["signed", "sent"], `transaction ${txHash} reverted`, options);
    return "done";
  }
  const now = clock();
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.chainTransaction.updateMany({
      where: { id: row.id, state: { in: ["signed", "sent"] } },
      data: { state: "confirmed", settledAt: now, lastError: null },
    });
    if (count === 1) await options.hooks.confirmed(tx, { ...row, txHash }, now);
  });
  return "done";
}
