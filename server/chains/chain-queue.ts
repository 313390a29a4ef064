import { createHash } from "node:crypto";
import pg from "pg";
import type { Hex } from "viem";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db, type DbOrTx } from "../db/client.ts";
import type { ChainTransaction, Prisma } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import { chainGateway } from "./configured-gateway.ts";
import type { SimulatedChain, TokenOperation, TransactionSigner } from "./gateway.ts";
import { resolveChain, type ChainInfo, type Currency } from "./registry.ts";

/**
 * The chain transaction queue. Every mint and burn is a `ChainTransaction` row, queued in the database transaction
 * that claims its order. For each sender (the issuer's key, or the simulated chain) and chain, one driver at a time
 * works through the open rows in order: on PostgreSQL whoever holds a session-level advisory lock on a dedicated
 * connection (released by the server when its holder dies, so another instance takes over), on the embedded
 * database (one process) an in-process lock. The driver of a real chain assigns the nonce, signs, stores the signed
 * bytes and their hash, and only then broadcasts; it waits for the receipt and settles the order in the transaction
 * that marks the row confirmed, guarded by a conditional state update so that happens once. A driver that finds
 * signed or sent rows (its predecessor died) broadcasts the same bytes again instead of signing anew. On the
 * simulated chain the "send" is applied inside that same settling transaction, so it is done entirely or not at all.
 */

export const OPEN_STATES = ["queued", "signed", "sent"] as const;

/** What the orders side does when a row ends; both run inside the transaction that moves the row. */
export type QueueHooks = {
  /** The transaction is final and succeeded: settle its order as processed. */
  confirmed(tx: Prisma.TransactionClient, row: ChainTransaction & { txHash: string }, now: Date): Promise<void>;
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

const DEFAULT_RECEIPT_WAIT_MS = 20_000;
/** How many simulated-chain rows one driver settles at once. */
const SIMULATED_PARALLEL = 8;

/** The sender whose nonces a gateway's transactions use on any chain: the issuer's address, or `sandbox`. */
export function queueSender(config: Config): string {
  return chainGateway(config).transactions.sender.toLowerCase();
}

/** Queues a mint or burn for an order, inside the caller's transaction (the one that claims the order). */
export async function queueChainTransaction(
  tx: Prisma.TransactionClient,
  config: Config,
  data: {
    orderId: string;
    kind: "mint" | "burn";
    chain: string;
    currency: string;
    address: string;
    units: bigint;
    attempt?: number;
    notBefore?: Date;
    operator?: { userId: string; requestId?: string };
    now: Date;
  },
): Promise<ChainTransaction> {
  return tx.chainTransaction.create({
    data: {
      id: crypto.randomUUID(),
      orderId: data.orderId,
      kind: data.kind,
      chain: data.chain,
      currency: data.currency,
      address: data.address,
      units: data.units.toString(),
      sender: queueSender(config),
      state: "queued",
      attempt: data.attempt ?? 1,
      notBefore: data.notBefore ?? data.now,
      operator: data.operator,
      createdAt: data.now,
    },
  });
}

type Step = "done" | "later" | "blocked";

/**
 * Drives the open rows of one sender on one chain if no one else does (false: another driver holds them). Returns
 * once no row can move any further now.
 */
export async function driveChainQueue(options: DriveOptions): Promise<boolean> {
  const key = `${options.sender}:${options.chain}`;
  if (options.locks) return drive(options, options.locks, key);
  // This process already drives the queue: wait for that pass (a row queued meanwhile gets the next one).
  const running = inFlight().get(key);
  if (running)
    return running.then(
      () => true,
      () => true,
    );
  const pass = drive(options, driverLocks(options.config), key).finally(() => inFlight().delete(key));
  inFlight().set(key, pass);
  return pass;
}

type StopState = { stopping: boolean; signal: Promise<void>; resolve: () => void };

/** Whether this process is stopping its drivers (on globalThis: routes and the jobs are bundled apart). */
function stopState(): StopState {
  const g = globalThis as typeof globalThis & { __tokenrailChainStop?: StopState };
  if (!g.__tokenrailChainStop) {
    let resolve = () => {};
    const signal = new Promise<void>((r) => (resolve = r));
    g.__tokenrailChainStop = { stopping: false, signal, resolve };
  }
  return g.__tokenrailChainStop;
}

/**
 * Shutdown: drivers take no further row; a row being signed or broadcast is finished (its bytes and hash stored,
 * then sent) and its receipt not waited for (the row stays `sent`, and the next driver, here or on another
 * instance, sends the same bytes again and settles it). Resolves when every drive of this process has ended and
 * released its lock, so another instance takes the queue over at once.
 */
export async function stopChainDrivers(): Promise<void> {
  const state = stopState();
  state.stopping = true;
  state.resolve();
  await Promise.allSettled([...inFlight().values()]);
}

/** This process's drives under way, by queue key. */
function inFlight(): Map<string, Promise<boolean>> {
  const g = globalThis as typeof globalThis & { __tokenrailChainDrives?: Map<string, Promise<boolean>> };
  return (g.__tokenrailChainDrives ??= new Map<string, Promise<boolean>>());
}

async function drive(options: DriveOptions, locks: DriverLocks, key: string): Promise<boolean> {
  const { config, chain: chainName, sender } = options;
  if (!(await locks.tryAcquire(key))) return false;
  try {
    const chain = resolveChain(chainName, config.environment);
    if (!chain) throw new Error(`queued transactions on ${chainName}, not a chain of this environment`);
    const transactions = chainGateway(config).transactions;
    const prisma = await db();
    const stop = stopState();
    for (;;) {
      if (!locks.holds(key) || stop.stopping) return true;
      const rows = await prisma.chainTransaction.findMany({
        where: { chain: chainName, sender, state: { in: [...OPEN_STATES] } },
        orderBy: { seq: "asc" },
        take: 50,
      });
      let progressed = false;
      let blocked = false;
      if (transactions.kind === "simulated") {
        // No nonces on the simulated chain: rows are independent (each settles in its own guarded transaction), so
        // several go at once, as concurrent requests did before the queue.
        const steps: Step[] = [];
        for (let i = 0; i < rows.length; i += SIMULATED_PARALLEL) {
          if (!locks.holds(key) || stop.stopping) return true;
          const batch = rows.slice(i, i + SIMULATED_PARALLEL);
          steps.push(...(await Promise.all(batch.map((row) => applySimulated(transactions, chain, row, options)))));
        }
        if (!steps.includes("done")) return true;
        continue;
      }
      for (const row of rows) {
        if (!locks.holds(key) || stop.stopping) return true;
        const step = await driveSigned(transactions, chain, row, options);
        if (step === "done") progressed = true;
        if (step === "blocked") {
          blocked = true;
          break;
        }
      }
      if (!progressed || blocked) return true;
    }
  } finally {
    await locks.release(key);
  }
}

/** Drives every sender's and chain's open rows this instance can take (the periodic job of every instance). */
export async function driveAllChainQueues(options: Omit<DriveOptions, "chain" | "sender">): Promise<void> {
  const prisma = await db();
  const clock = options.clock ?? serverClock;
  const queues = await prisma.chainTransaction.findMany({
    where: { state: { in: [...OPEN_STATES] }, notBefore: { lte: clock() } },
    distinct: ["chain", "sender"],
    select: { chain: true, sender: true },
  });
  for (const { chain, sender } of queues) {
    await driveChainQueue({ ...options, chain, sender });
  }
}

/**
 * Waits for a row to be confirmed or to fail, at most `waitMs`, driving its queue meanwhile whenever no other
 * instance does. Answers with the row as it then is.
 */
export async function awaitChainTransaction(
  options: Omit<DriveOptions, "chain" | "sender"> & { row: ChainTransaction; waitMs: number },
): Promise<ChainTransaction> {
  const prisma = await db();
  const deadline = Date.now() + options.waitMs;
  let driving: Promise<boolean> | undefined;
  for (let row = options.row; ; row = await prisma.chainTransaction.findUniqueOrThrow({ where: { id: row.id } })) {
    if (row.state === "confirmed" || row.state === "failed" || Date.now() >= deadline) return row;
    // A stopping instance answers with the row as it is; another instance settles it.
    if (stopState().stopping) return row;
    driving ??= driveChainQueue({ ...options, chain: row.chain, sender: row.sender })
      .catch((err: unknown) => {
        logger().error({ err, chain: row.chain }, "the chain queue could not be driven");
        return false;
      })
      .finally(() => (driving = undefined));
    // Another driver has the queue (here or on another instance): look again in a moment.
    if ((await Promise.race([driving, sleep(WAIT_POLL_MS).then(() => true)])) === false) await sleep(WAIT_POLL_MS);
  }
}

/** How often a request waiting for its row looks at it again. */
const WAIT_POLL_MS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function operationOf(chain: ChainInfo, row: ChainTransaction): TokenOperation {
  return {
    chain,
    currency: row.currency as Currency,
    kind: row.kind,
    address: row.address as Hex,
    units: BigInt(row.units.toFixed(0)),
  };
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/** The simulated chain: the operation, the row's confirmation and the order's settlement are one transaction. */
async function applySimulated(
  transactions: SimulatedChain,
  chain: ChainInfo,
  row: ChainTransaction,
  options: DriveOptions,
): Promise<Step> {
  const now = (options.clock ?? serverClock)();
  if (row.notBefore > now) return "later";
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

/** The row moved on elsewhere meanwhile (its state was not the one this driver read). */
class Superseded extends Error {}

/**
 * A real chain, one row at a time in order (nonces are sequential): sign and store, broadcast, wait for the
 * receipt, settle. A row that cannot move now (broadcast failing, no receipt yet) blocks the rows after it.
 */
async function driveSigned(
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

/**
 * Marks a row failed (when still in one of `from`) and lets the orders side react, in one transaction. If that
 * reaction itself fails, the row is still marked failed, with both errors: nothing stays silently open.
 */
async function fail(
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

/**
 * Why the chain transactions of these orders were given up on, by order: orders that were handed to the chain,
 * whose transactions all ended and the last one failed (a mint out of attempts, or an order the queue could not
 * settle). Such an order stays open for the operator, who may process it again or reject it.
 */
export async function givenUpOrders(tx: DbOrTx, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx.chainTransaction.findMany({
    where: { orderId: { in: orderIds } },
    orderBy: { attempt: "desc" },
    select: { orderId: true, kind: true, state: true, attempt: true, lastError: true },
  });
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
  const given = new Map<string, string>();
  for (const [orderId, row] of latest) {
    if (row.state !== "failed") continue;
    const why = row.lastError ?? "no error recorded";
    given.set(
      orderId,
      row.kind === "mint"
        ? `The mint failed ${row.attempt} time(s); the last error: ${why}`
        : `The burn failed: ${why}`,
    );
  }
  return given;
}

/** Who drives which queue: at most one holder of a key among all instances sharing the database. */
export interface DriverLocks {
  tryAcquire(key: string): Promise<boolean>;
  /** Whether this process still holds `key` (a lost connection loses its locks). */
  holds(key: string): boolean;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The embedded database belongs to one process: an in-process lock suffices. */
export class InProcessLocks implements DriverLocks {
  private readonly held = new Set<string>();
  tryAcquire(key: string): Promise<boolean> {
    if (this.held.has(key)) return Promise.resolve(false);
    this.held.add(key);
    return Promise.resolve(true);
  }
  holds(key: string): boolean {
    return this.held.has(key);
  }
  release(key: string): Promise<void> {
    this.held.delete(key);
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.held.clear();
    return Promise.resolve();
  }
}

/**
 * PostgreSQL session-level advisory locks on one dedicated connection: held while this process drives a queue,
 * released when it is done, or by the server the moment the connection ends (the process died).
 */
export class PostgresLocks implements DriverLocks {
  private client?: Promise<pg.Client>;
  private readonly held = new Set<string>();

  constructor(private readonly url: string) {}

  async tryAcquire(key: string): Promise<boolean> {
    if (this.held.has(key)) return false;
    this.held.add(key);
    try {
      const client = await this.connection();
      const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS ok", [
        lockId(key),
      ]);
      if (rows[0]?.ok) return true;
    } catch (error) {
      logger().warn({ err: error }, "the chain queue's lock connection failed");
    }
    this.held.delete(key);
    return false;
  }

  holds(key: string): boolean {
    return this.held.has(key);
  }

  async release(key: string): Promise<void> {
    if (!this.held.delete(key)) return;
    try {
      const client = await this.connection();
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [lockId(key)]);
    } catch {
      // The connection is gone, and its locks with it.
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held.clear();
    if (client) await (await client.catch(() => undefined))?.end().catch(() => undefined);
  }

  private connection(): Promise<pg.Client> {
    this.client ??= (async () => {
      const client = new pg.Client({ connectionString: this.url, application_name: "tokenrail-chain-queue" });
      client.on("error", (err) => {
        logger().warn({ err }, "the chain queue's lock connection was lost");
        // Its locks are released by the server: this process no longer holds any.
        this.held.clear();
        this.client = undefined;
      });
      try {
        await client.connect();
      } catch (error) {
        this.client = undefined;
        throw error;
      }
      return client;
    })();
    return this.client;
  }
}

/** A 64-bit advisory lock id for a queue key, in a namespace of its own. */
function lockId(key: string): string {
  return createHash("sha256").update(`tokenrail chain queue ${key}`).digest().readBigInt64BE(0).toString();
}

const holder = globalThis as typeof globalThis & { __tokenrailDriverLocks?: DriverLocks };

/** This process's driver locks (one dedicated connection on PostgreSQL). */
export function driverLocks(config: Config): DriverLocks {
  holder.__tokenrailDriverLocks ??=
    config.database.kind === "postgres" ? new PostgresLocks(config.database.url) : new InProcessLocks();
  return holder.__tokenrailDriverLocks;
}

/** Ends this process's lock connection (shutdown): whatever it held is free for the other instances. */
export async function closeDriverLocks(): Promise<void> {
  const locks = holder.__tokenrailDriverLocks;
  holder.__tokenrailDriverLocks = undefined;
  await locks?.close();
}
