import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { AuditActor } from "../../audit/record-audit.ts";
import { getConfig, type Config } from "../../config.ts";
import { AppError, type ErrorCode, type FieldErrors } from "../../errors.ts";
import { logger } from "../../logging/logger.ts";
import { overTimeLimit } from "./import-budget.ts";
import type { ImportReport } from "./import-report.ts";

/*
 * A large bank file is imported in a process of its own, its JavaScript heap bounded, and not in the server's: a
 * 50 MB camt.054 streams through in about 75 MB of live heap, but left to itself V8 lets garbage pile up to some
 * 280 MB before its first full collection, inside the process that also answers the API. Capped, the heap is
 * collected as it goes, at no cost in time (docs/benchmarks.md, P8m). The process imports exactly as the server
 * would (`importBankFile`, one transaction); a refusal comes back as the same error, and a process that dies takes
 * its transaction with it, so nothing is half-written and the file can simply be imported again.
 *
 * Only on PostgreSQL: the embedded database lives inside the server's process and cannot be opened by another.
 */

/**
 * An import process that ended before it answered (killed, out of memory): nothing of the file was written, and it
 * may be imported again. `how` is the signal or exit code it ended with.
 */
export class ImportProcessEnded extends AppError {
  constructor(readonly how: string) {
    super(
      "UNAVAILABLE",
      `The bank file's import did not finish (its process ended: ${how}); nothing of it was written: send it again`,
      undefined,
      { "Retry-After": "10" },
    );
  }
}

/** Where `next build` bundles the import process (next.config.mjs, `runAfterProductionCompile`). */
export const IMPORT_PROCESS_BUNDLE = path.join(".next", "tokenrail", "bank-import.mjs");

/** What the server asks of the import process: the file on disk and who brought it. */
export type ImportRequest = {
  path: string;
  name: string;
  source: "upload" | "inbox";
  actor?: AuditActor;
  /**
   * When the server kills the process (ms since the epoch): the process gives up a moment before, so that it never
   * commits what the server is about to call refused.
   */
  deadline: number;
  budgetSeconds: number;
  /** The trace the import belongs to, when traces are exported: the process's spans join it. */
  traceparent?: string | null;
};

/** The process's memory at a stage of the import (megabytes): resident, its heap, and the resident high-water mark. */
export type MemoryStage = { stage: string; rssMb: number; heapMb: number; peakMb: number };

/** What the import process answers, once, before it ends. */
export type ImportAnswer =
  | { ok: true; report: ImportReport; memory: MemoryStage[]; peakRssMb: number; seconds: number }
  | { ok: false; error: { code: ErrorCode; message: string; fields?: FieldErrors }; appError: boolean };

const state = globalThis as typeof globalThis & { __tokenrailImportProcess?: boolean };

/** Called first thing by the import process: an import there is never handed on again. */
export function markImportProcess(): void {
  state.__tokenrailImportProcess = true;
}

let warnedNoBundle = false;

/**
 * The bundle to import this file with, when it goes to a process of its own: a file on disk of at least
 * `TOKENRAIL_BANK_IMPORT_PROCESS_BYTES`, on PostgreSQL, imported under the server's own configuration, from a server
 * built by `next build` (`next dev` has no bundle: it imports in its own process, and says so once).
 */
export async function importProcessFor(config: Config, file: string): Promise<string | undefined> {
  if (state.__tokenrailImportProcess || config.database.kind !== "postgres") return undefined;
  // The process reads its configuration from the server's environment: a configuration the caller made itself
  // (another master account, a test's) cannot go with it, so that import stays here.
  if (config !== getConfig()) return undefined;
  const { size } = await fs.stat(file);
  if (size < config.bank.importProcess.fromBytes) return undefined;
  const bundle = path.resolve(IMPORT_PROCESS_BUNDLE);
  if (existsSync(bundle)) return bundle;
  if (!warnedNoBundle) {
    warnedNoBundle = true;
    logger().warn({ bundle }, "no import process is built (next build makes it): large bank files import in here");
  }
  return undefined;
}

/**
 * One import process at a time per instance: each may take its heap's worth of memory. On globalThis, since Next.js
 * bundles the upload's route and the inbox job (instrumentation) apart, each with its own module state.
 */
const queue = globalThis as typeof globalThis & { __tokenrailImportQueue?: Promise<unknown> };

/**
 * Imports a file in a process of its own (`bundle`, from `importProcessFor`) and answers its report, or throws the
 * error it refused the file with. Imports wait for each other here, in order; each process has `budgetSeconds`
 * (the import's time limit) from its start, and is killed past them: the file is then refused with the reason.
 */
export function importInOwnProcess(
  bundle: string,
  request: Omit<ImportRequest, "deadline" | "budgetSeconds">,
  config: Config,
  options: { env?: NodeJS.ProcessEnv; budgetSeconds?: number } = {},
): Promise<Extract<ImportAnswer, { ok: true }>> {
  const before = queue.__tokenrailImportQueue ?? Promise.resolve();
  const budgetSeconds = options.budgetSeconds ?? config.bank.importTimeLimitSeconds;
  const run = before.then(() =>
    runImportProcess(
      bundle,
      { ...request, budgetSeconds, deadline: Date.now() + budgetSeconds * 1000 },
      config,
      options.env ?? process.env,
    ),
  );
  queue.__tokenrailImportQueue = run.catch(() => undefined);
  return run;
}

async function runImportProcess(
  bundle: string,
  request: ImportRequest,
  config: Config,
  env: NodeJS.ProcessEnv,
): Promise<Extract<ImportAnswer, { ok: true }>> {
  const { heapMb } = config.bank.importProcess;
  const child = fork(bundle, [], {
    // The heap's cap is what keeps the import's memory bounded; a small young generation keeps its garbage
    // short-lived. WebAssembly (Prisma's query compiler, libxml2) is compiled once, by the baseline compiler: the
    // optimising tier's second copy of their code is some 70 MB, and the import is no slower without it.
    execArgv: [`--max-old-space-size=${heapMb}`, "--max-semi-space-size=4", "--liftoff-only"],
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let overTime = false;
  const timer = setTimeout(
    () => {
      overTime = true;
      child.kill("SIGKILL");
    },
    Math.max(0, request.deadline - Date.now()),
  );
  let answered = false;
  try {
    const answer = await new Promise<ImportAnswer>((resolve, reject) => {
      child.once("message", (message) => {
        answered = true;
        resolve(message as ImportAnswer);
      });
      // A process that dies before the request reaches it fails the send (EPIPE) before it reports its exit: that
      // is the same ending as any other, which `exit` reports. Only a process that never started has no exit.
      child.on("error", (error) => {
        if (child.pid === undefined) reject(error);
        else if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      });
      child.once("exit", (code, signal) => {
        if (answered) return;
        const how = signal ?? `exit ${code}`;
        if (overTime) {
          logger().warn({ bankFile: request.name, seconds: request.budgetSeconds }, "a bank import ran out of time");
          reject(overTimeLimit(request.budgetSeconds));
          return;
        }
        logger().error({ bankFile: request.name, how, heapMb }, "the bank import process ended before it answered");
        reject(new ImportProcessEnded(how));
      });
      child.send(request);
    });
    if (!answer.ok) {
      const { code, message, fields } = answer.error;
      throw answer.appError ? new AppError(code, message, fields) : new Error(message);
    }
    logger().info(
      {
        bankFile: request.name,
        bankFileId: answer.report.file.id,
        entries: answer.report.entries.length,
        seconds: answer.seconds,
        peakRssMb: answer.peakRssMb,
        heapMb,
      },
      "bank file imported in a process of its own",
    );
    return answer;
  } finally {
    clearTimeout(timer);
    // Answered, it closes its database and ends by itself; a process that has not answered is not left running.
    if (!answered) child.kill("SIGKILL");
  }
}
