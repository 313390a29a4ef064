import type { Hex } from "viem";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { ChainTransaction, Prisma } from "../generated/prisma/client.ts";
import type { TokenOperation } from "./gateway.ts";
import type { DriverLocks } from "./driver-locks.ts";
import type { ChainInfo, Currency } from "./registry.ts";
import { contextOf, inSpan, linksTo, SpanKind, type Span } from "../telemetry/tracing.ts";

/** What the chain queue's parts share: a row's states, the orders side's hooks, a drive's options. */

export const OPEN_STATES = ["queued", "signed", "sent"] as const;

/** What the orders side does when a row ends; both run inside the transaction that moves the row. */
export type QueueHooks = {
  /** The transaction is final and succeeded: settle its order as processed. */
  confirmed(tx: Prisma.TransactionClient, row: ChainTransaction & { txHash: string }, now: Date): Promise<void>;
  /**
   * Several confirmed mints that no operator asked for, settled together as `confirmed` would settle each; throws
   * when they cannot be (the caller then rolls back and settles them one by one).
   */
  confirmedMints?: (
    tx: Prisma.TransactionClient,
    rows: (ChainTransaction & { txHash: string })[],
    now: Date,
  ) => Promise<void>;
  /**
   * Before the first of several rows is settled in one transaction, one after the other: takes the locks settling
   * them all needs, in the money path's global lock order (server/ledger/lock-order.ts), so that settling one row
   * never waits for a lock of an earlier step while the transaction holds one of a later step from the row before.
   */
  lockBatch?: (tx: Prisma.TransactionClient, rows: ChainTransaction[]) => Promise<void>;
  /**
   * Before rows are driven: those that may go now. A mint above its caps is moved to `held` (two operators release
   * it) and one stopped by an open supply alert stays queued; neither is among the answer (C69).
   */
  admit?(rows: ChainTransaction[], now: Date): Promise<ChainTransaction[]>;
  /** The chain refused or reverted it (the row is already marked failed): reject, retry or surface its order. */
  failed(tx: Prisma.TransactionClient, row: ChainTransaction, error: string, now: Date): Promise<void>;
};

export type DriveOptions = {
  config: Config;
  chain: string;
  sender: string;
  hooks: QueueHooks;
  clock?: Clock;
  /** How long one pass waits for a receipt before it leaves the row for the next pass. */
  receiptWaitMs?: number;
  /** Tests: runs after a transaction was signed and stored, before it is broadcast. */
  afterSign?: (row: ChainTransaction) => Promise<void>;
  /** Tests: the locks to drive under (another "instance"); by default this process's. */
  locks?: DriverLocks;
};

/**
 * The span of sending queued rows to the chain: a child of the work that queued the first of them (the trace
 * context stored with it), linked to the others', so a request that placed or processed an order finds its chain
 * send in its own trace whichever instance's driver sent it.
 */
export function inSendSpan<T>(
  chain: ChainInfo,
  rows: readonly ChainTransaction[],
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const [first] = rows;
  const kinds = [...new Set(rows.map((row) => row.kind))].join(",");
  return inSpan(
    `chain send ${kinds}`,
    {
      kind: SpanKind.CLIENT,
      parent: contextOf(first?.traceparent),
      links: linksTo(rows.slice(1).map((row) => row.traceparent)),
      attributes: {
        "tokenrail.chain": chain.name,
        "tokenrail.chain.transactions": rows.length,
        ...(first && rows.length === 1
          ? { "tokenrail.chain.transaction_id": first.id, "tokenrail.order_id": first.orderId }
          : {}),
      },
    },
    work,
  );
}

/** What one step on a row came to: it moved, it waits for its time, or it holds up the rows behind it. */
export type Step = "done" | "later" | "blocked";

export function operationOf(chain: ChainInfo, row: ChainTransaction): TokenOperation {
  return {
    chain,
    currency: row.currency as Currency,
    kind: row.kind,
    address: row.address as Hex,
    units: BigInt(row.units.toFixed(0)),
  };
}

export function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

export type StopState = { stopping: boolean; signal: Promise<void>; resolve: () => void };

/** Whether this process is stopping its drivers (on globalThis: routes and the jobs are bundled apart). */
export function stopState(): StopState {
  const g = globalThis as typeof globalThis & { __tokenrailChainStop?: StopState };
  if (!g.__tokenrailChainStop) {
    let resolve = () => {};
    const signal = new Promise<void>((r) => (resolve = r));
    g.__tokenrailChainStop = { stopping: false, signal, resolve };
  }
  return g.__tokenrailChainStop;
}
