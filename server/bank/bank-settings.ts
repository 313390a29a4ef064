import path from "node:path";
import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { z } from "zod";
import { bicProblem } from "../ibans/bban-format.ts";
import { defineSettings } from "../settings/define-settings.ts";
import { DEFAULT_MAX_BANK_FILE_BYTES } from "./iso20022/read-bank-file.ts";

/** Where bank files come in and go out. */
export type BankTransportConfig =
  /** The sandbox bank answers payment files itself (statements and status reports through the importer). */
  | { kind: "sandbox" }
  /** Two folders on a disk the bank's host-to-host client shares (mounted, or synchronised by it). */
  | { kind: "folder"; inbox: string; outbox: string }
  /** Two prefixes in the S3-compatible bucket of the files area. */
  | { kind: "s3"; inboxPrefix: string; outboxPrefix: string };

/** The master (safeguarding) account at the bank: every virtual IBAN we hand out is routed into it. */
export type MasterAccount = { iban: string; bic: string; holder: string };

export type BankConfig = {
  /** `sandbox`: the simulator plays the bank; `iso20022`: a real bank, through files. Both run the same importer. */
  kind: "sandbox" | "iso20022";
  account: MasterAccount;
  /** The pain.001 version payment files are written in (`09`, or `03` for banks that still want it). */
  painVersion: "09" | "03";
  transport: BankTransportConfig;
  /** How often the inbox is looked at. */
  pollIntervalSeconds: number;
  /** How often a payment run batches instructed payouts into a payment file (0: one file at once per payout). */
  paymentRunIntervalSeconds: number;
  /** Released as soon as written (the sandbox), or by an operator in the console (production's default). */
  autoRelease: boolean;
  /** Largest bank file accepted. */
  maxFileBytes: number;
  /**
   * Files on disk of at least `fromBytes` are imported in a process of their own whose heap is capped at `heapMb`
   * (on PostgreSQL; server/bank/import/import-process.ts).
   */
  importProcess: { fromBytes: number; heapMb: number };
  /**
   * How long one import may take, from the start of its reading to its commit (its own waits for a turn aside): past
   * it the import is ended, nothing of it written, and the file refused with the reason (import-budget.ts).
   */
  importTimeLimitSeconds: number;
};

/** The sandbox's master account (a test BIC: location code ending in 0). */
const SANDBOX_ACCOUNT: MasterAccount = {
  iban: "DE02100100100006820101",
  bic: "TKRLDER0",
  holder: "Tokenrail Sandbox Safeguarding",
};

const boolean = z.enum(["true", "false"]).transform((value) => value === "true");
const prefix = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9!_.*'()/-]+\/$/, "must be an S3 key prefix ending in / (letters, digits, !_.*'()-/)");

/**
 * The bank: which one, its master account, how files travel and when payment files are made and released.
 * Production refuses the sandbox bank (C53), as it refuses the simulated chain.
 */
export const bankSettings = defineSettings({
  variables: {
    TOKENRAIL_BANK: z.enum(["sandbox", "iso20022"]).default("sandbox"),
    TOKENRAIL_BANK_ACCOUNT_IBAN: z.string().max(64).optional(),
    TOKENRAIL_BANK_ACCOUNT_BIC: z.string().max(11).optional(),
    TOKENRAIL_BANK_ACCOUNT_HOLDER: z.string().trim().min(1).max(70, "must be at most 70 characters").optional(),
    TOKENRAIL_BANK_PAIN001_VERSION: z.enum(["09", "03"]).default("09"),
    TOKENRAIL_BANK_TRANSPORT: z.enum(["folder", "s3"]).default("folder"),
    TOKENRAIL_BANK_INBOX: z.string().min(1).max(1024).optional(),
    TOKENRAIL_BANK_OUTBOX: z.string().min(1).max(1024).optional(),
    TOKENRAIL_BANK_POLL_INTERVAL: z.coerce.number().int().min(1).max(86_400).default(60),
    TOKENRAIL_BANK_PAYMENT_RUN_INTERVAL: z.coerce.number().int().min(0).max(86_400).optional(),
    TOKENRAIL_BANK_AUTO_RELEASE: boolean.optional(),
    TOKENRAIL_BANK_FILE_SIZE_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024 * 1024)
      .default(DEFAULT_MAX_BANK_FILE_BYTES),
    TOKENRAIL_BANK_IMPORT_PROCESS_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(1024 * 1024 * 1024)
      // Where files stop being read whole and are streamed (IN_MEMORY_BYTES, read-inbound-file.ts).
      .default(4 * 1024 * 1024),
    TOKENRAIL_BANK_IMPORT_HEAP_MB: z.coerce.number().int().min(64).max(16_384).default(128),
    // A 50 MB camt.054 imports in about 15 s, 63 s with its heap squeezed (docs/benchmarks.md, P8m): three minutes
    // is room for that on a slow day, and all a file the reader chokes on can hold up the inbox. At most the
    // import transaction's own limit (30 minutes).
    TOKENRAIL_BANK_IMPORT_TIME_LIMIT: z.coerce.number().int().min(1).max(1800).default(180),
  },
  read(e, { production, dataDir, env }, problems): { bank: BankConfig } | undefined {
    const sandbox = e.TOKENRAIL_BANK === "sandbox";
    if (production && sandbox) {
      problems.push("TOKENRAIL_BANK: production moves real money (iso20022); the sandbox bank is for the sandbox");
    }
    const account = masterAccount(e, sandbox, problems);
    let transport: BankTransportConfig = { kind: "sandbox" };
    if (!sandbox && e.TOKENRAIL_BANK_TRANSPORT === "s3") {
      if (env.TOKENRAIL_FILE_STORAGE !== "s3") {
        problems.push("TOKENRAIL_BANK_TRANSPORT: s3 uses the files area's bucket (TOKENRAIL_FILE_STORAGE=s3)");
      }
      const inbox = prefix.safeParse(e.TOKENRAIL_BANK_INBOX ?? "bank/inbox/");
      const outbox = prefix.safeParse(e.TOKENRAIL_BANK_OUTBOX ?? "bank/outbox/");
      if (!inbox.success) problems.push(`TOKENRAIL_BANK_INBOX: ${inbox.error.issues[0]?.message}`);
      if (!outbox.success) problems.push(`TOKENRAIL_BANK_OUTBOX: ${outbox.error.issues[0]?.message}`);
      if (inbox.success && outbox.success) {
        if (inbox.data === outbox.data) problems.push("TOKENRAIL_BANK_OUTBOX: must differ from the inbox");
        transport = { kind: "s3", inboxPrefix: inbox.data, outboxPrefix: outbox.data };
      }
    } else if (!sandbox) {
      const inbox = path.resolve(dataDir, e.TOKENRAIL_BANK_INBOX ?? "bank/inbox");
      const outbox = path.resolve(dataDir, e.TOKENRAIL_BANK_OUTBOX ?? "bank/outbox");
      if (inbox === outbox) problems.push("TOKENRAIL_BANK_OUTBOX: must differ from the inbox");
      transport = { kind: "folder", inbox, outbox };
    }
    if (!account) return undefined;
    return {
      bank: {
        kind: e.TOKENRAIL_BANK,
        account,
        painVersion: e.TOKENRAIL_BANK_PAIN001_VERSION,
        transport,
        pollIntervalSeconds: e.TOKENRAIL_BANK_POLL_INTERVAL,
        paymentRunIntervalSeconds: e.TOKENRAIL_BANK_PAYMENT_RUN_INTERVAL ?? (sandbox ? 0 : 300),
        autoRelease: e.TOKENRAIL_BANK_AUTO_RELEASE ?? sandbox,
        maxFileBytes: e.TOKENRAIL_BANK_FILE_SIZE_LIMIT,
        importProcess: { fromBytes: e.TOKENRAIL_BANK_IMPORT_PROCESS_BYTES, heapMb: e.TOKENRAIL_BANK_IMPORT_HEAP_MB },
        importTimeLimitSeconds: e.TOKENRAIL_BANK_IMPORT_TIME_LIMIT,
      },
    };
  },
});

function masterAccount(
  e: {
    TOKENRAIL_BANK_ACCOUNT_IBAN?: string;
    TOKENRAIL_BANK_ACCOUNT_BIC?: string;
    TOKENRAIL_BANK_ACCOUNT_HOLDER?: string;
  },
  sandbox: boolean,
  problems: string[],
): MasterAccount | undefined {
  const given = e.TOKENRAIL_BANK_ACCOUNT_IBAN ?? (sandbox ? SANDBOX_ACCOUNT.iban : undefined);
  const bic = (e.TOKENRAIL_BANK_ACCOUNT_BIC ?? (sandbox ? SANDBOX_ACCOUNT.bic : undefined))?.toUpperCase();
  const holder = e.TOKENRAIL_BANK_ACCOUNT_HOLDER ?? (sandbox ? SANDBOX_ACCOUNT.holder : undefined);
  const before = problems.length;
  const iban = given === undefined ? undefined : electronicFormatIBAN(given);
  if (given === undefined)
    problems.push("TOKENRAIL_BANK_ACCOUNT_IBAN: required for the iso20022 bank (the master account)");
  else if (!iban || !isValidIBAN(iban))
    problems.push("TOKENRAIL_BANK_ACCOUNT_IBAN: not a valid IBAN (check its digits)");
  if (bic === undefined) problems.push("TOKENRAIL_BANK_ACCOUNT_BIC: required for the iso20022 bank");
  else {
    const problem = bicProblem(bic);
    if (problem) problems.push(`TOKENRAIL_BANK_ACCOUNT_BIC: ${problem}`);
  }
  if (holder === undefined)
    problems.push("TOKENRAIL_BANK_ACCOUNT_HOLDER: required for the iso20022 bank (the account's name)");
  if (problems.length > before || !iban || !bic || !holder) return undefined;
  return { iban, bic, holder };
}
