import { serverClock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { ChainTransaction } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import { chainGateway } from "./configured-gateway.ts";
import { driverLocks, type DriverLocks } from "./driver-locks.ts";
import { OPEN_STATES, stopState, type DriveOptions, type Step } from "./queue-common.ts";
import { driveSigned } from "./queue-send-evm.ts";
import { applySimulated, applySimulatedBatch } from "./queue-settle.ts";
import { resolveChain } from "./registry.ts";

/** How many simulated-chain rows one driver settles at once when they go one by one. */
const SIMULATED_PARALLEL = 8;
/** How many simulated-chain rows one driver reads (and, set-based, settles) at once. */
const SIMULATED_BATCH = 500;

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
  await chainDrivesSettled();
}

/** Resolves when every drive this process has under way has ended (those started meanwhile included). */
export async function chainDrivesSettled(): Promise<void> {
  while (inFlight().size > 0) await Promise.allSettled([...inFlight().values()]);
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
      const read = await prisma.chainTransaction.findMany({
        where: { chain: chainName, sender, state: { in: [...OPEN_STATES] } },
        orderBy: { seq: "asc" },
        // The simulated chain settles a batch set-based in one transaction: a bank file's mints in a few batches.
        take: transactions.kind === "simulated" ? SIMULATED_BATCH : 50,
      });
      // Mints above their caps wait for two operators, and none goes while a supply alert is open (C69).
      const rows = options.hooks.admit ? await options.hooks.admit(read, (options.clock ?? serverClock)()) : read;
      let progressed = false;
      let blocked = false;
      if (transactions.kind === "simulated") {
        // No nonces on the simulated chain: rows are independent. They settle together in one transaction where
        // they can; where one of them fails, each in its own guarded transaction, several at once.
        const batched = await applySimulatedBatch(transactions, chain, rows, options);
        const steps: Step[] = batched ?? [];
        for (let i = 0; !batched && i < rows.length; i += SIMULATED_PARALLEL) {
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
    // A held mint waits for two operators (C69): the caller answers with its order pending.
    if (["confirmed", "failed", "held"].includes(row.state) || Date.now() >= deadline) return row;
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
