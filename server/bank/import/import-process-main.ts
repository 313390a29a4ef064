import { getConfig } from "../../config.ts";
import { closeDb } from "../../db/client.ts";
import { isAppError } from "../../errors.ts";
import { logger } from "../../logging/logger.ts";
import { importBankFile } from "./import-bank-file.ts";
import { ImportBudget } from "./import-budget.ts";
import { markImportProcess, type ImportAnswer, type ImportRequest, type MemoryStage } from "./import-process.ts";
import { startTracing, stopTracing } from "../../telemetry/start-tracing.ts";
import { context, contextOf } from "../../telemetry/tracing.ts";
import { tracingWanted } from "../../telemetry/tracing-settings.ts";

/*
 * The import process (server/bank/import/import-process.ts): started by the server with its heap capped, it takes
 * one request over IPC, imports that file as the server would, answers once and ends. Bundled by `next build`
 * (next.config.mjs) into `.next/tokenrail/bank-import.mjs` and run with plain node.
 */

markImportProcess();

/** How long before the server's deadline this process stops: more than a commit takes. */
const GIVE_UP_BEFORE_MS = 500;

const MB = 1024 * 1024;
const memory: MemoryStage[] = [];
function sample(stage: string): void {
  const usage = process.memoryUsage();
  memory.push({
    stage,
    rssMb: Math.round(usage.rss / MB),
    heapMb: Math.round(usage.heapUsed / MB),
    peakMb: Math.round(process.resourceUsage().maxRSS / 1024),
  });
}

// The server is gone: so is this import (its transaction rolls back with the connection); the file is still there.
process.on("disconnect", () => process.exit(70));

process.once("message", (message) => void traced(message as ImportRequest));

/** With traces exported, the import is done in the trace of the server's import, and its spans sent before the end. */
async function traced(request: ImportRequest): Promise<void> {
  if (!tracingWanted()) return run(request);
  await startTracing();
  await context.with(contextOf(request.traceparent), () => run(request));
}

async function run(request: ImportRequest): Promise<void> {
  sample("started");
  const started = performance.now();
  let answer: ImportAnswer;
  try {
    const report = await importBankFile({
      content: { path: request.path },
      name: request.name,
      source: request.source,
      actor: request.actor,
      config: getConfig(),
      // The server drives the mints once this answers.
      driveChain: false,
      // The server kills this process at its deadline: give up before, rather than commit what it calls refused.
      budget: ImportBudget.until(request.deadline - GIVE_UP_BEFORE_MS, request.budgetSeconds),
      afterBatch: (batch) => {
        if (batch === 1 || batch % 10 === 0) sample(`batch ${batch} written`);
      },
    });
    sample("committed");
    answer = {
      ok: true,
      report,
      memory,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      seconds: +((performance.now() - started) / 1000).toFixed(2),
    };
  } catch (error) {
    if (!isAppError(error)) logger().error({ err: error, bankFile: request.name }, "bank file import failed");
    answer = isAppError(error)
      ? { ok: false, appError: true, error: { code: error.code, message: error.message, fields: error.fields } }
      : {
          ok: false,
          appError: false,
          error: { code: "INTERNAL", message: String((error as Error)?.message ?? error) },
        };
  }
  process.send?.(answer, () => {
    void Promise.allSettled([closeDb(), stopTracing()]).finally(() => process.exit(0));
  });
}
