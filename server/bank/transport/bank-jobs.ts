import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import { isAppError, type AppError } from "../../errors.ts";
import { startWakeable } from "../../jobs/periodic.ts";
import { logger } from "../../logging/logger.ts";
import { isStopping } from "../../instance/shutdown.ts";
import { onBankSignal } from "../bank-signals.ts";
import { importBankFile } from "../import/import-bank-file.ts";
import { isPlainFileName, type BankTransport } from "./bank-transport.ts";
import { bankTransport } from "./configured-transport.ts";

/** Refusals that are the file's fault: it goes to `refused/`. Anything else (the database away) is tried again. */
const FILE_REFUSALS = new Set<AppError["code"]>(["VALIDATION", "PAYLOAD_TOO_LARGE", "CONFLICT", "BAD_REQUEST"]);

/** The importer's refusal in words: its message, then each element it names. */
export function refusalReason(error: AppError): string {
  const fields = Object.entries(error.fields ?? {}).map(([field, problem]) => `${field}: ${problem}`);
  return [error.message, ...fields].join("\n");
}

export type InboxRun = { imported: string[]; refused: string[]; failed: string[] };

/**
 * Imports every file waiting in the inbox, oldest name first, and archives each: `processed/` once imported (or
 * recognised as imported before), `refused/` with the reason beside it when the importer refuses it. A file that
 * fails for another reason (the database unreachable) stays for the next run; one bad file never holds up the
 * others. Several instances may run this at once: the importer imports a file once by its message id and content,
 * and archiving a file another instance archived already does nothing.
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
      await transport.archive(file.name, { kind: "imported" });
      run.imported.push(file.name);
      logger().info(
        { bankFile: file.name, fileId: report.file.id, duplicate: report.file.duplicate, counts: report.counts },
        "bank file imported from the inbox",
      );
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") continue; // archived meanwhile by another instance
      if (isAppError(error) && FILE_REFUSALS.has(error.code)) {
        const reason = refusalReason(error);
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

/** How long one file's delivery may hold its row (an S3 PUT of a large file included). */
const DELIVERY_TIMEOUT_MS = 5 * 60_000;

/**
 * Delivers every released payment file (oldest first) and marks it delivered. Each file is delivered inside a
 * transaction that holds its row (`FOR UPDATE SKIP LOCKED`, taken only while it is still `released`), and is marked
 * delivered in that transaction: instances running this at once never both send one file (a bank would pay it
 * twice); the others pass it by. Only a crash between the delivery and the commit sends a file again, under the same
 * name and message id, which the bank refuses as a duplicate (a file written under a temporary name and renamed, an
 * S3 PUT of the same key). A file that cannot be delivered stays released and is tried again at the next run.
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
      tried.add(file.id);
      if (!file.content) {
        result.failed.push(file.id);
        logger().error({ fileId: file.id }, "a released payment file has no content to deliver");
        continue;
      }
      const content = file.content;
      try {
        const delivered = await prisma.$transaction(
          async (tx) => {
            const taken = await tx.$queryRaw<{ id: string }[]>`
              SELECT id FROM "BankFile" WHERE id = ${file.id}::uuid AND state = 'released' FOR UPDATE SKIP LOCKED`;
            if (taken.length === 0) return false;
            await transport.deliver({ name: outboxName(file), content });
            await tx.bankFile.update({ where: { id: file.id }, data: { state: "delivered", deliveredAt: now() } });
            return true;
          },
          { timeout: DELIVERY_TIMEOUT_MS, maxWait: DELIVERY_TIMEOUT_MS },
        );
        if (delivered) {
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
  return result;
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
