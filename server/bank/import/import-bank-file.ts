import type { AuditActor } from "../../audit/record-audit.ts";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Caller } from "../../oauth/caller.ts";

/** Where an imported file came from. */
export type BankFileSource = "upload" | "inbox" | "api" | "simulator" | "sandbox-bank";

/** What the import did with one entry (a transaction of an entry) of the file. */
export type EntryResult =
  "minted" | "already_imported" | "unmatched" | "ignored" | "payout_debit" | "payout_return" | "payout_status";

export type EntryReport = {
  index: number;
  identity: string;
  result: EntryResult;
  amount: string;
  currency: string;
  /** The issue order minted (minted, or already imported when it was). */
  orderId?: string;
  payoutId?: string;
  /** Why it was not minted. */
  problem?: string;
};

export type ImportReport = {
  file: {
    id: string;
    message: string;
    messageId: string;
    sha256: string;
    /** The same file (same message id and bytes) was imported before: nothing changed. */
    duplicate: boolean;
  };
  counts: Partial<Record<EntryResult, number>>;
  /** Per entry, in the file's order (all of them: a report for 10,000 entries is 10,000 lines). */
  entries: EntryReport[];
};

/**
 * Imports one bank file (camt.052/053/054, pain.002): validated against its schema before anything is read, then
 * applied as one transaction, all of it or nothing, with a report per entry. See docs/bank.md.
 */
export async function importBankFile(options: {
  content: { path: string } | { bytes: Uint8Array };
  name: string;
  source: BankFileSource;
  config: Config;
  actor?: AuditActor;
  /** The sandbox's restricted reporters: credits only to IBANs of profiles this caller may write. */
  writableBy?: Caller;
  clock?: Clock;
}): Promise<ImportReport> {
  void options;
  await Promise.resolve();
  throw new Error("not implemented");
}
