import os from "node:os";
import { Worker } from "node:worker_threads";
import { verifyMessage, type Hex } from "viem";

/*
 * EOA signature checks (EIP-191, viem's `verifyMessage`) on worker threads. Recovering a public key is pure CPU,
 * a couple of milliseconds of it: on the request's thread it would stall every other request meanwhile (HTTP, the
 * ORM, and on the embedded database the database itself). On a worker it runs beside them, and no request holds a
 * database lock or connection while it waits. Should the workers fail to start or die (viem not loadable, out of
 * memory), their checks run in this thread instead, with the same answers.
 */

// Plain CommonJS, evaluated by the worker: it loads viem from the app's own node_modules (the working directory).
const SOURCE = `
const { parentPort } = require("node:worker_threads");
const { verifyMessage } = require("viem");
parentPort.on("message", ({ id, address, message, signature }) => {
  verifyMessage({ address, message, signature }).then(
    (valid) => parentPort.postMessage({ id, valid }),
    () => parentPort.postMessage({ id, valid: false }),
  );
});
`;

type Job = { resolve: (valid: boolean) => void; fallback: () => void };
type Slot = { worker: Worker; pending: Set<number> };
type Pool = { workers: Slot[]; jobs: Map<number, Job>; next: number };

/** One worker per spare core, at least one. */
const SIZE = Math.max(1, Math.min(4, os.availableParallelism() - 1));

const holder = globalThis as typeof globalThis & { __tokenrailSignatureWorkers?: Pool };

function pool(): Pool {
  if (!holder.__tokenrailSignatureWorkers) {
    const created: Pool = { workers: [], jobs: new Map(), next: 0 };
    holder.__tokenrailSignatureWorkers = created;
    for (let i = 0; i < SIZE; i++) start(created);
  }
  return holder.__tokenrailSignatureWorkers;
}

function start(p: Pool): void {
  let worker: Worker;
  try {
    worker = new Worker(SOURCE, { eval: true });
  } catch {
    return;
  }
  const slot: Slot = { worker, pending: new Set() };
  p.workers.push(slot);
  worker.unref();
  worker.on("message", ({ id, valid }: { id: number; valid: boolean }) => {
    const job = p.jobs.get(id);
    p.jobs.delete(id);
    slot.pending.delete(id);
    job?.resolve(valid === true);
  });
  // A worker that fails hands its checks back to this thread and takes no more.
  const retire = () => {
    const index = p.workers.indexOf(slot);
    if (index < 0) return;
    p.workers.splice(index, 1);
    for (const id of slot.pending) {
      const job = p.jobs.get(id);
      p.jobs.delete(id);
      job?.fallback();
    }
  };
  worker.on("error", retire);
  worker.on("exit", retire);
}

/** Whether `address` signed `message` with its own key (EIP-191): viem's `verifyMessage`, on a worker thread. */
export function verifyEoaSignature(options: { address: Hex; message: string; signature: Hex }): Promise<boolean> {
  const inThread = () => verifyMessage(options).catch(() => false);
  const p = pool();
  const slot = p.workers.reduce<Slot | undefined>(
    (best, w) => (!best || w.pending.size < best.pending.size ? w : best),
    undefined,
  );
  if (!slot) return inThread();
  const id = p.next++;
  return new Promise<boolean>((resolve) => {
    p.jobs.set(id, { resolve, fallback: () => void inThread().then(resolve) });
    slot.pending.add(id);
    slot.worker.postMessage({ id, ...options });
  });
}

/** Ends the worker threads (a test's file, before its process exits); the next check starts new ones. */
export async function stopSignatureWorkers(): Promise<void> {
  const p = holder.__tokenrailSignatureWorkers;
  holder.__tokenrailSignatureWorkers = undefined;
  await Promise.all(p?.workers.map((slot) => slot.worker.terminate()) ?? []);
}
