import { createHash } from "node:crypto";
import type { Config } from "../../config.ts";
import { logger } from "../../logging/logger.ts";
import { importBankFile, type ImportReport } from "../import/import-bank-file.ts";
import { parseDecimalAmount } from "../iso20022/decimal-amount.ts";
import { readBankFile } from "../iso20022/read-bank-file.ts";
import { child, childrenNamed, textAt } from "../iso20022/xml-tree.ts";
import { writeCamt054, writePain002, type SandboxEntry } from "./sandbox-bank-files.ts";

/*
 * The sandbox bank: it plays a real bank on the production path. A payment file (pain.001) delivered to it is read
 * as a bank reads it (validated against its schema, then its tree), accepted payment by payment in a pain.002, and
 * its payments booked as debits of the master account in a camt.054; both go through the importer like any bank
 * file. Every identifier it gives is derived from what it was given (the pain.001's message id, a payment's
 * end-to-end id), and every date from the pain.001's creation time, so a payment file delivered twice produces the
 * same two files byte for byte, which the importer recognises: a redelivery changes nothing.
 */

export const SANDBOX_BANK_NAME = "Tokenrail Sandbox Bank";

/** One credit transfer of a payment file, as the bank reads it. */
export type PaymentInstruction = {
  endToEndId: string;
  instructionId?: string;
  amountMinor: bigint;
  currency: string;
  creditor: { name: string; iban: string };
  remittance?: string;
};

export type PaymentFile = {
  messageId: string;
  messageName: string;
  createdAt: Date;
  paymentInformationId: string;
  payments: PaymentInstruction[];
};

/** A short deterministic identifier (at most 35 characters): a prefix and 24 hex digits of a digest of `source`. */
export function sandboxId(prefix: string, source: string): string {
  return `${prefix}${createHash("sha256").update(source).digest("hex").slice(0, 24).toUpperCase()}`;
}

/** Reads a pain.001 (.03 or .09) as the bank does: refused unless schema-valid. */
export function readPaymentFile(bytes: Uint8Array, maxBytes?: number): PaymentFile {
  const file = readBankFile(bytes, { directions: ["out"], ...(maxBytes ? { maxBytes } : {}) });
  const initiation = child(file.document, "CstmrCdtTrfInitn");
  const payments: PaymentInstruction[] = [];
  let paymentInformationId = "";
  for (const information of childrenNamed(initiation, "PmtInf")) {
    paymentInformationId ||= textAt(information, "PmtInfId") ?? "";
    for (const transaction of childrenNamed(information, "CdtTrfTxInf")) {
      const instructed = child(child(transaction, "Amt"), "InstdAmt");
      const currency = instructed?.attributes.Ccy ?? "EUR";
      const amount = parseDecimalAmount(instructed?.text ?? "", currency);
      payments.push({
        endToEndId: textAt(transaction, "PmtId", "EndToEndId") ?? "",
        instructionId: textAt(transaction, "PmtId", "InstrId"),
        amountMinor: amount.ok ? amount.minor : 0n,
        currency,
        creditor: {
          name: textAt(transaction, "Cdtr", "Nm") ?? "",
          iban: textAt(transaction, "CdtrAcct", "Id", "IBAN") ?? "",
        },
        remittance:
          textAt(transaction, "RmtInf", "Ustrd") ?? textAt(transaction, "RmtInf", "Strd", "CdtrRefInf", "Ref"),
      });
    }
  }
  return {
    messageId: textAt(initiation, "GrpHdr", "MsgId") ?? "",
    messageName: file.definition.id,
    createdAt: new Date(textAt(initiation, "GrpHdr", "CreDtTm") ?? 0),
    paymentInformationId,
    payments,
  };
}

/** The debit the sandbox bank books for a payment (its reference derived from the end-to-end id). */
export function debitOf(payment: PaymentInstruction): SandboxEntry {
  return {
    kind: "debit",
    reference: sandboxId("SBXD", payment.endToEndId),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    endToEndId: payment.endToEndId,
    instructionId: payment.instructionId,
    creditor: payment.creditor,
    remittance: payment.remittance,
  };
}

/**
 * A payment file reaches the sandbox bank: every payment accepted (pain.002 ACCP) and debited (camt.054), both
 * imported. Returns the two import reports.
 */
export async function receivePaymentFile(options: {
  content: Uint8Array;
  name: string;
  config: Config;
}): Promise<{ status: ImportReport; debits: ImportReport }> {
  const { content, name, config } = options;
  const file = readPaymentFile(content, config.bank.maxFileBytes);
  const status = writePain002({
    messageId: sandboxId("SBX002A", file.messageId),
    createdAt: file.createdAt,
    original: {
      messageId: file.messageId,
      messageName: file.messageName,
      paymentInformationId: file.paymentInformationId,
    },
    groupStatus: "ACCP",
    bankName: SANDBOX_BANK_NAME,
    transactions: file.payments.map((payment) => ({
      endToEndId: payment.endToEndId,
      instructionId: payment.instructionId,
      status: "ACCP",
    })),
  });
  const statusReport = await importBankFile({
    content: { bytes: status },
    name: `pain002-${file.messageId}.xml`,
    source: "sandbox-bank",
    config,
  });
  const debits = writeCamt054({
    messageId: sandboxId("SBX054D", file.messageId),
    createdAt: file.createdAt,
    account: config.bank.account,
    entries: file.payments.map(debitOf),
  });
  const debitReport = await importBankFile({
    content: { bytes: debits },
    name: `camt054-${file.messageId}.xml`,
    source: "sandbox-bank",
    config,
  });
  logger().info(
    { paymentFile: name, messageId: file.messageId, payments: file.payments.length },
    "the sandbox bank accepted and debited a payment file",
  );
  return { status: statusReport, debits: debitReport };
}
