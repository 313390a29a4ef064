import { randomUUID } from "node:crypto";
import { serverClock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { besideSlot } from "../../db/beside-slots.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { Caller } from "../../oauth/caller.ts";
import { applyPaymentStatus } from "../payments/payouts.ts";
import { recordSafeguardingDay } from "../reconcile/safeguarding-day.ts";
import type { InboundFile, StatementFile } from "./read-inbound-file.ts";
import { afterImport, monitorImported } from "./after-import.ts";
import { countResults, recordReportLines, storedReport, type EntryReport, type ImportReport } from "./import-report.ts";
import type { ScreeningIndex } from "../../screening/match/screening-index.ts";
import { importLines, type ImportContext, type SummaryWith } from "./import-lines.ts";
import { ImportBudget } from "./import-budget.ts";
import { importInOwnProcess, importProcessFor } from "./import-process.ts";
import { activeTraceparent, inSpan } from "../../telemetry/tracing.ts";
import { batchLines, type StatementBatches } from "./statement-batches.ts";
import { prepareImport, STORE_BESIDE_LIMIT, type ImportOptions } from "./prepare-import.ts";
import { forgetQueryHistory } from "../../db/query-history.ts";

export type { EntryReport, EntryResult, ImportReport } from "./import-report.ts";
export { awaitImportedOrders, importDrivesSettled } from "./after-import.ts";
export { mintUnmatched } from "./mint-unmatched.ts";

export type { BankFileSource } from "./prepare-import.ts";
export { IMPORT_BATCH_SIZE } from "./statement-batches.ts";

/** How long an import's transaction may take: a 50 MB file is tens of thousands of entries. */
const IMPORT_TIMEOUT_MS = 30 * 60_000;
/** How long an import waits for the database (on the embedded one, for another import to finish). */
const IMPORT_MAX_WAIT_MS = 10 * 60_000;

/**
 * Imports one bank file (camt.052/053/054, pain.002): validated against its schema before anything is read, then
 * applied as one transaction, all of it or nothing, with a report per entry. See docs/bank.md, "The importer".
 *
 * - The file is identified by its `GrpHdr/MsgId` and SHA-256: the same file again is a `duplicate` that changes
 *   nothing (its report rebuilt from the stored lines); the same message id with other content is refused (C47).
 * - A statement of another account than the master account is refused before anything is written (C46).
 * - Each booked transaction counts once by its identity (`entryIdentity`): a credit to an approved IBAN of an
 *   approved profile is minted (its mint queued in the same transaction); one that cannot be is `unmatched`, an
 *   exception (C48); payout debits and returns go to the payouts; entries not booked are reported, not recorded.
 * - A camt.053's closing balance of the master account is recorded as the day's safeguarding (C51); a pain.002 is
 *   applied to our payouts (C50).
 *
 * After the commit the chain queue is driven in the background (`importDrivesSettled` waits for it), and the minted
 * credits go to the monitoring rules (`monitorImported`).
 */
export function importBankFile(options: ImportOptions): Promise<ImportReport> {
  return inSpan("bank import", { attributes: { "tokenrail.bank.source": options.source } }, async (span) => {
    const report = await importNow(options);
    if (span.isRecording()) {
      span.setAttributes({
        "tokenrail.bank.file_id": report.file.id,
        "tokenrail.bank.duplicate": report.file.duplicate,
        "tokenrail.bank.minted": report.counts.minted ?? 0,
      });
    }
    return report;
  });
}

async function importNow(options: ImportOptions): Promise<ImportReport> {
  const { config, clock = serverClock } = options;
  const budget = options.budget ?? ImportBudget.of(config.bank.importTimeLimitSeconds);
  const ownProcess = await handedOn(options, budget);
  if (ownProcess) {
    const { report } = ownProcess;
    if (!report.file.duplicate && (report.counts.minted ?? 0) > 0 && options.driveChain !== false) afterImport(config);
    monitorImported(report);
    return report;
  }
  const prisma = await db();
  // On PostgreSQL the file's first look-ups go out beside its transaction, on other connections, when a slot allows
  // (beside-slots.ts); the embedded database has one connection, which the transaction holds, so there they are made
  // in order. A small file's transaction also starts (a round trip) while the file is read and prepared: its reading
  // waits until the transaction's `BEGIN` has gone out. A large file is prepared first, so that its connection does
  // not wait idle in the transaction meanwhile.
  const slot = config.database.kind === "postgres" ? besideSlot() : undefined;
  const small = "bytes" in options.content && options.content.bytes.length <= STORE_BESIDE_LIMIT;
  const early = small && slot !== undefined;
  const prepare = () => prepareImport(options, budget, slot !== undefined);
  const preparing = early ? new Promise((resolve) => setImmediate(resolve)).then(prepare) : prepare();
  preparing.catch(() => undefined);
  if (!early) {
    try {
      await preparing;
    } catch (error) {
      slot?.release();
      throw error;
    }
  }
  const asked = Date.now();
  const transaction = prisma.$transaction(
    async (tx) => {
      // On the embedded database the transaction waits for another import's to end: not this file's time.
      budget.excuse(Date.now() - asked);
      const { file, screening, storing, batches } = await preparing;
      const now = clock();
      const fileId = randomUUID();
      // The file is recorded first, under its unique message id: an import of the same file committing meanwhile
      // (another instance, another request) holds this insert until it ends, then the file is found as imported.
      const created = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO "BankFile" (
          "id", "direction", "message", "messageId", "sha256", "size", "name", "source", "state", "accountIban",
          "createdAt", "createdById"
        ) VALUES (
          ${fileId}::uuid, 'inbound', ${file.definition.id}, ${file.messageId}, ${file.sha256}, ${file.size},
          ${options.name.slice(0, 255)}, ${options.source}, 'imported',
          ${file.kind === "statement" ? config.bank.account.iban : null}, ${now}::timestamptz,
          ${options.actor?.userId ?? null}::uuid
        )
        ON CONFLICT ("direction", "messageId") DO NOTHING
        RETURNING "id"::text AS "id"`;
      if (created.length === 0) {
        const known = await tx.bankFile.findUniqueOrThrow({
          where: { direction_messageId: { direction: "inbound", messageId: file.messageId } },
        });
        if (known.sha256 !== file.sha256) throw otherContent(file.messageId, known.id);
        return storedReport(tx, {
          id: known.id,
          message: known.message,
          messageId: known.messageId,
          sha256: known.sha256,
        });
      }
      const entries =
        file.kind === "statement"
          ? await importStatement(tx, file, { fileId, now, ...options, budget, screening, batches: batches! })
          : await importPaymentStatus(tx, file, { fileId, now, config });
      const counts = countResults(entries);
      await storing;
      // The last moment to give up: past it the transaction rolls back and nothing of the file is written.
      budget.check();
      const result: ImportReport = {
        file: {
          id: fileId,
          message: file.definition.id,
          messageId: file.messageId,
          sha256: file.sha256,
          duplicate: false,
        },
        counts,
        entries,
      };
      return result;
    },
    { maxWait: IMPORT_MAX_WAIT_MS, timeout: IMPORT_TIMEOUT_MS },
  );
  // A transaction that ended early (a duplicate, an error) leaves the file's batches unread: their reader closes.
  const report = await transaction.finally(async () => {
    slot?.release();
    const prepared = await preparing.catch(() => undefined);
    await prepared?.batches?.batches.return(undefined);
  });
  if (!report.file.duplicate && (report.counts.minted ?? 0) > 0 && options.driveChain !== false) afterImport(config);
  monitorImported(report);
  return report;
}

/**
 * A large file on disk goes to an import process of its own (import-process.ts), as it came: options only this
 * process can honour (a clock, a restricted reporter, a hook per batch) keep the import here.
 */
async function handedOn(options: Parameters<typeof importBankFile>[0], budget: ImportBudget) {
  const { content, source } = options;
  if (!("path" in content) || (source !== "upload" && source !== "inbox")) return undefined;
  if (options.clock || options.writableBy || options.afterBatch) return undefined;
  const bundle = await importProcessFor(options.config, content.path);
  if (!bundle) return undefined;
  return importInOwnProcess(
    bundle,
    { path: content.path, name: options.name, source, actor: options.actor, traceparent: activeTraceparent() },
    options.config,
    { budgetSeconds: budget.seconds },
  );
}

/** A bank never reuses a message id: the same one with other content is not the same file, and not imported. */
function otherContent(messageId: string, fileId: string): AppError {
  return new AppError("CONFLICT", `A bank file with message id ${messageId} was imported with other content`, {
    "GrpHdr/MsgId": `${messageId} was imported before (file ${fileId}) with other content`,
  });
}

async function importStatement(
  tx: Prisma.TransactionClient,
  file: StatementFile,
  options: {
    fileId: string;
    now: Date;
    config: Config;
    writableBy?: Caller;
    afterBatch?: (batch: number) => Promise<void> | void;
    budget: ImportBudget;
    screening: Promise<ScreeningIndex>;
    batches: StatementBatches;
  },
): Promise<EntryReport[]> {
  const { config, fileId, now } = options;
  const account = config.bank.account.iban;
  const ctx: ImportContext = {
    tx,
    fileId,
    account,
    config,
    now,
    writableBy: options.writableBy,
    screening: await options.screening,
  };
  const report: EntryReport[] = [];
  let counts = countResults(report);
  const summaryWith: SummaryWith = (lines) => {
    const sum = { ...counts };
    for (const { result } of lines) sum[result] = (sum[result] ?? 0) + 1;
    return sum;
  };
  let batchNumber = 0;
  const { batches, first } = options.batches;
  for (let next = first; !next.done; next = await batches.next()) {
    batchNumber += 1;
    const lines = batchNumber === 1 ? options.batches.lines : batchLines(account, next.value, report.length);
    const lookedUp = batchNumber === 1 ? options.batches.lookedUp : undefined;
    const { lines: written, recorded } = await importLines(ctx, lines, { summaryWith, lookedUp });
    for (const line of written) {
      const { entryId, ...visible } = line;
      void entryId;
      report.push(visible);
    }
    counts = summaryWith(written);
    if (!recorded) await recordReportLines(tx, fileId, written, counts);
    forgetQueryHistory();
    await options.afterBatch?.(batchNumber);
    options.budget.check();
  }
  if (file.definition.message === "camt.053") {
    for (const header of file.reports) {
      const closing = header.closingBalance;
      if (!closing || closing.amount.minor === null) continue;
      await recordSafeguardingDay(tx, {
        fileId,
        accountIban: account,
        date: closing.date.slice(0, 10),
        currency: closing.amount.currency,
        closingMinor: closing.creditDebit === "DBIT" ? -closing.amount.minor : closing.amount.minor,
        now,
      });
    }
  }
  return report;
}

async function importPaymentStatus(
  tx: Prisma.TransactionClient,
  file: Extract<InboundFile, { kind: "status" }>,
  options: { fileId: string; now: Date; config: Config },
): Promise<EntryReport[]> {
  const { report } = file;
  const outcomes = await applyPaymentStatus(tx, report, options);
  const byEndToEndId = new Map(outcomes.map((outcome) => [outcome.endToEndId, outcome]));
  const line = (index: number, endToEndId: string, said: string): EntryReport => {
    const outcome = byEndToEndId.get(endToEndId);
    const what = !outcome
      ? "not one of our payouts"
      : (outcome.problem ?? `the payout is ${outcome.state}${outcome.changed ? "" : " (no change)"}`);
    return {
      index,
      identity: `e2e:${endToEndId}`,
      result: "payout_status",
      amount: "",
      currency: "",
      ...(outcome ? { payoutId: outcome.payoutId } : {}),
      problem: `${said || "no status"}: ${what}`,
    };
  };
  const lines = report.transactions.map((status, position) =>
    line(position + 1, status.originalEndToEndId ?? "", [status.status, status.reason].filter(Boolean).join(" ")),
  );
  // A block or group status answers the payments the report does not list one by one: a line for each of them too.
  const listed = new Set(report.transactions.map((status) => status.originalEndToEndId));
  for (const outcome of outcomes) {
    if (listed.has(outcome.endToEndId)) continue;
    const said = [outcome.status, outcome.reason].filter(Boolean).join(" ");
    const level = outcome.level === "group" ? "group" : "payment information";
    lines.push(line(lines.length + 1, outcome.endToEndId, `${level} ${said}`));
  }
  await recordReportLines(tx, options.fileId, lines, countResults(lines));
  return lines;
}
