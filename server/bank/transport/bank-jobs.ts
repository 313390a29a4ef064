import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config.ts";
import { driverLocks } from "../../chains/driver-locks.ts";
import { db } from "../../db/client.ts";
import { isAppError, type AppError } from "../../errors.ts";
import { startWakeable } from "../../jobs/periodic.ts";
import { logger } from "../../logging/logger.ts";
import { isStopping } from "../../instance/shutdown.ts";
import { onBankSignal } from "../bank-signals.ts";
import { importBankFile } from "../import/import-bank-file.ts";
import { ImportProcessEnded } from "../import/import-process.ts";
import { isPlainFileName, type BankTransport, type InboxFile } from "./bank-transport.ts";
import { bankTransport } from "./configured-transport.ts";
import { openPaymentFile } from "../payments/payment-file-content.ts";

/** Refusals that are the file's fault: it goes to `refused/`. Anything else (the database away) is tried again. */
const FILE_REFUSALS = new Set<AppError["code"]>(["VALIDATION", "PAYLOAD_TOO_LARGE", "CONFLICT", "BAD_REQUEST"]);

/** The importer's refusal in words: its message, then each element it names. */
export function refusalReason(error: AppError): string {
  const fields = Object.entries(error.fields ?? {}).map(([field, problem]) => `${field}: ${problem}`);
  return [error.message, ...fields].join("\n");
}

export type InboxRun = { imported: string[]; refused: string[]; failed: string[] };

/** A file whose import process ends without answering this many times in a row is refused, not tried forever. */
export const PROCESS_ENDINGS_BEFORE_REFUSAL = 3;

/**
 * The inbox files (name and size) whose import process ended without answering, and how many times in a row, in
 * this instance. A file that kills its process every time (one too large for the process's heap) would otherwise
 * start a process at every poll, for ever, and be seen by no one.
 */
const processEndings = new Map<string, number>();
const endingsKey = (file: InboxFile) => `${file.name}\u0000${file.size}`;

/** Counts an import process's ending for this file: the reason to refuse it with once it has happened too often. */
function endedTooOften(file: InboxFile, ended: ImportProcessEnded, config: Config): string | undefined {
  const key = endingsKey(file);
  const times = (processEndings.get(key) ?? 0) + 1;
  processEndings.set(key, times);
  if (times < PROCESS_ENDINGS_BEFORE_REFUSAL) return undefined;
  processEndings.delete(key);
  return [
    `Its import process ended before it answered, ${times} times in a row (the last time: ${ended.how}).`,
    "Nothing of it was written.",
    `A process that ran out of memory needs a larger TOKENRAIL_BANK_IMPORT_HEAP_MB (now ${config.bank.importProcess.heapMb});`,
    "move the file back into the inbox to import it again.",
  ].join("\n");
}

/**
 * Imports every file waiting in the inbox, oldest name first, and archives each: `processed/` once imported (or
 * recognised as imported before), `refused/` with the reason beside it when the importer refuses it (or when its
 * import process ended without answering `PROCESS_ENDINGS_BEFORE_REFUSAL` times in a row). A file that fails for
 * another reason (the database unreachable) stays for the next run; one bad file never holds up the others. Several
 * instances may run this at once: the importer imports a file once by its message id and content, and archiving a
 * file another instance archived already does nothing.
 */
export async function importInbox(options: {
  config: Config;
  transport?: BankTransport;
  /** The importer (a stand-in in tests of the job alone). */
  importFile?: typeof importBankFile;
}): Promise<InboxRun> {
  const { config, importFile = importBankFile } = options;
  const transport = options.transport ?? bankTransport(config);
  const run: InboxRun = { imported: [], refused: [], failed: [] };
  const spoolDir = path.join(config.dataDir, "tmp", "bank-inbox");
  for (const file of await transport.list()) {
    if (isStopping()) break;
    const spool = path.join(spoolDir, `${randomUUID()}.xml`);
    try {
      await transport.fetch(file.name, spool, config.bank.maxFileBytes);
      const report = await importFile({ content: { path: spool }, name: file.name, source: "inbox", config });
      processEndings.delete(endingsKey(file));
      await transport.archive(file.name, { kind: "imported" });
      run.imported.push(file.name);
      logger().info(
        { bankFile: file.name, fileId: report.file.id, duplicate: report.file.duplicate, counts: report.counts },
        "bank file imported from the inbox",
      );
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") continue; // archived meanwhile by another instance
      // An import process ended by this instance's own stop is not the file's doing.
      const ended = error instanceof ImportProcessEnded;
      const tooOften = ended && !isStopping() ? endedTooOften(file, error, config) : undefined;
      if (!ended) processEndings.delete(endingsKey(file));
      if (tooOften || (isAppError(error) && FILE_REFUSALS.has(error.code))) {
        const reason = tooOften ?? refusalReason(error as AppError);
        try {
          await transport.archive(file.name, { kind: "refused", reason });
          run.refused.push(file.name);
          logger().warn({ bankFile: file.name, reason }, "bank file refused and moved to refused/");
        } catch (archiveError) {
          run.failed.push(file.name);
          logger().error({ err: archiveError, bankFile: file.name }, "a refused bank file could not be archived");
        }
      } else {
        run.failed.push(file.name);
        logger().error({ err: error, bankFile: file.name }, "bank file not imported; it stays in the inbox");
      }
    } finally {
      await fs.promises.rm(spool, { force: true });
    }
  }
  return run;
}

/** A released payment file's name in the outbox: the name it was written under, else its message id. */
function outboxName(file: { name: string; messageId: string }): string {
  return isPlainFileName(file.name) ? file.name : `${file.messageId.replace(/[^A-Za-z0-9._-]/g, "_")}.xml`;
}

/** The lock whose holder delivers: one instance at a time sends payment files to the bank. */
const DELIVERY_LOCK = "bank-delivery";

/**
 * Delivers every released payment file (oldest first) and marks it delivered, as the one instance holding the
 * delivery lock (a session advisory lock on PostgreSQL, `driverLocks`): two instances never both send a file, which
 * a bank that had already picked up the first copy would pay again. An instance that finds the lock taken delivers
 * nothing; the holder takes its files too, or the next run. Only a crash between a delivery and its update sends a
 * file again, under the same name, bytes and message id (a file written under a temporary name and renamed, an S3
 * PUT of the same key), which banks refuse as a duplicate. A file that cannot be delivered stays released and is
 * tried again at the next run.
 */
export async function deliverReleasedFiles(options: {
  config: Config;
  transport?: BankTransport;
  now?: () => Date;
}): Promise<{ delivered: string[]; failed: string[] }> {
  const { config } = options;
  const transport = options.transport ?? bankTransport(config);
  const now = options.now ?? (() => new Date());
  const prisma = await db();
  const result = { delivered: [] as string[], failed: [] as string[] };
  const locks = driverLocks(config);
  if (!(await locks.tryAcquire(DELIVERY_LOCK))) return result;
  try {
    await deliverAsHolder({ prisma, transport, now, result, holds: () => locks.holds(DELIVERY_LOCK) });
  } finally {
    await locks.release(DELIVERY_LOCK);
  }
  return result;
}

async function deliverAsHolder(options: {
  prisma: Awaited<ReturnType<typeof db>>;
  transport: BankTransport;
  now: () => Date;
  result: { delivered: string[]; failed: string[] };
  /** Whether this process still holds the lock (a lost connection loses it): it sends nothing once it does not. */
  holds: () => boolean;
}): Promise<void> {
  const { prisma, transport, now, result, holds } = options;
  const tried = new Set<string>();
  for (;;) {
    const files = await prisma.bankFile.findMany({
      where: { direction: "outbound", state: "released", id: { notIn: [...tried] } },
      orderBy: { seq: "asc" },
      take: 20,
      select: { id: true, name: true, messageId: true, content: true },
    });
    if (files.length === 0 || isStopping()) break;
    for (const file of files) {
      if (!holds()) return;
      tried.add(file.id);
      if (!file.content) {
        result.failed.push(file.id);
        logger().error({ fileId: file.id }, "a released payment file has no content to deliver");
        continue;
      }
      try {
        await transport.deliver({ name: outboxName(file), content: openPaymentFile(file.content) });
        const { count } = await prisma.bankFile.updateMany({
          where: { id: file.id, state: "released" },
          data: { state: "delivered", deliveredAt: now() },
        });
        if (count === 1) {
          result.delivered.push(file.id);
          logger().info(
            { fileId: file.id, messageId: file.messageId, transport: transport.kind },
            "payment file delivered",
          );
        }
      } catch (error) {
        result.failed.push(file.id);
        logger().error({ err: error, fileId: file.id }, "payment file not delivered; it is tried again");
      }
    }
  }
}

/**
 * The bank's two jobs: the inbox (every poll interval, and at once when a file is put there) and the delivery of
 * released payment files (at once when one is released, and every poll interval for those a wake-up missed or
 * another instance released). The sandbox bank has no inbox: it imports what it sends itself.
 */
export function startBankJobs(config: Config): void {
  const transport = bankTransport(config);
  const intervalMs = config.bank.pollIntervalSeconds * 1000;
  if (transport.kind !== "sandbox") {
    const inbox = startWakeable("bank-inbox", intervalMs, () => importInbox({ config, transport }));
    onBankSignal("inbox-changed", inbox.wake);
  }
  const delivery = startWakeable("bank-delivery", intervalMs, () => deliverReleasedFiles({ config, transport }));
  onBankSignal("payment-file-released", delivery.wake);
}
