import { electronicFormatIBAN } from "ibantools";
import type { AuditActor } from "../../audit/record-audit.ts";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import type { Caller } from "../../oauth/caller.ts";
import { currentIndex } from "../../screening/current-index.ts";
import type { ImportBudget } from "./import-budget.ts";
import { readInboundFile, type InboundFile } from "./read-inbound-file.ts";
import { firstBatch } from "./statement-batches.ts";
import { storeInboundFile } from "./store-inbound-file.ts";

/* What an import works from before its transaction: the file read and checked, its content being stored. */

/** Where an imported file came from. */
export type BankFileSource = "upload" | "inbox" | "api" | "simulator" | "sandbox-bank";

export type ImportOptions = {
  content: { path: string } | { bytes: Uint8Array };
  name: string;
  source: BankFileSource;
  config: Config;
  actor?: AuditActor;
  /** The sandbox's restricted reporters: credits only to IBANs of profiles this caller may write. */
  writableBy?: Caller;
  clock?: Clock;
  /** Drive the chain queue after the commit (default); the mints are queued and driven by the job otherwise. */
  driveChain?: boolean;
  /** Called after each batch is written, inside the transaction (a throw rolls the whole file back). */
  afterBatch?: (batch: number) => Promise<void> | void;
  /** The import's time limit; by default `bank.importTimeLimitSeconds` from now (import-budget.ts). */
  budget?: ImportBudget;
};

export /** Files up to this size (bytes) are stored while their import runs; larger ones before it. */
const STORE_BESIDE_LIMIT = 256 * 1024;

/** Every report of a statement must be of the master account: another account's statement is not ours to book. */
function checkAccounts(file: InboundFile, master: string): void {
  if (file.kind !== "statement") return;
  const { container } = file;
  file.reports.forEach((report, index) => {
    const element = `Document/${container.message}/${container.report}[${index + 1}]/Acct/Id/IBAN`;
    const iban = report.accountIban ? (electronicFormatIBAN(report.accountIban) ?? report.accountIban) : undefined;
    if (iban === master) return;
    const reason = iban
      ? `is ${iban}, not the master account ${master}: the file is about another account`
      : `is missing: the report names no IBAN, so it cannot be the master account ${master}`;
    throw new AppError("VALIDATION", `The bank file was refused: ${element} ${reason}`, { [element]: reason });
  });
}

/**
 * What an import's transaction works from: the file read and checked (refused here if it is not a file to import),
 * the lists' index, its content being stored, and a statement's first batch read and looked up.
 */
export async function prepareImport(options: ImportOptions, budget: ImportBudget, beside: boolean) {
  const { config } = options;
  const file = await readInboundFile(options.content, config.bank.maxFileBytes, budget);
  checkAccounts(file, config.bank.account.iban);
  // The lists' index (one query for their versions, and a build when they moved on) is asked for beside the
  // transaction's start, on another connection, when the import holds a slot for that; else first.
  const screening = currentIndex();
  screening.catch(() => undefined);
  if (!beside) await screening;
  // The content is stored (sealed, C70) while the import's transaction runs, and the commit waits for it, so a
  // recorded file always has its content; a rollback leaves at most an unreferenced blob (the same bytes imported
  // again find it). A large file's is stored first instead: sealing is work on this thread, which beside the
  // import's own would finish only at its end.
  const storing = file.size > STORE_BESIDE_LIMIT ? undefined : storeInboundFile(options.content, file.sha256, config);
  storing?.catch(() => undefined);
  if (!storing) await storeInboundFile(options.content, file.sha256, config);
  const batches = file.kind === "statement" ? await firstBatch(file, config, beside, options.writableBy) : undefined;
  return { file, screening, storing, batches };
}
