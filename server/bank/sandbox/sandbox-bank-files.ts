import { XmlDocument, XmlLibError } from "libxml2-wasm";
import { formatDecimalAmount } from "../iso20022/decimal-amount.ts";
import { messageById, type MessageDefinition } from "../iso20022/message-registry.ts";
import { validatorFor } from "../iso20022/schema-validators.ts";
import { readableMessage } from "../iso20022/validation-problems.ts";
import { addContent, createDocument, serialize, type XmlFields } from "../iso20022/xml-writer.ts";
import type { MasterAccount } from "../bank-settings.ts";

/*
 * The files the sandbox bank sends: camt.054.001.08 notifications of the master account (credits to virtual IBANs,
 * debits for our payouts, payouts coming back), a camt.053.001.08 day statement, and pain.002.001.11 status reports
 * on our payment files. They are written as a bank writes them (libxml2's tree, so every text is escaped) and
 * validated against the official schema before they are returned: the sandbox never sends the importer a file a
 * real bank could not.
 */

const TEXT_LENGTH = 140;

/** Money received on a virtual IBAN (SEPA credit transfer in: PMNT/RCDT/ESCT). */
export type SandboxCredit = {
  kind: "credit";
  /** The bank's reference (`AcctSvcrRef`, at most 35 characters): what makes the credit one booking. */
  reference: string;
  amountMinor: bigint;
  currency: string;
  /** The virtual IBAN the payer sent the money to. */
  creditorIban: string;
  debtor: { name: string; iban?: string; bic?: string };
  remittance?: string;
  endToEndId?: string;
};

/** The bank's debit of the master account for one of our payouts (PMNT/ICDT/ESCT). */
export type SandboxDebit = {
  kind: "debit";
  reference: string;
  amountMinor: bigint;
  currency: string;
  /** The payout's end-to-end id, as our pain.001 gave it. */
  endToEndId: string;
  instructionId?: string;
  creditor: { name: string; iban: string };
  remittance?: string;
};

/** A payout of ours coming back: a credit with the original end-to-end id and a return reason (PMNT/ICDT/RRTN). */
export type SandboxReturn = {
  kind: "return";
  reference: string;
  amountMinor: bigint;
  currency: string;
  originalEndToEndId: string;
  /** ExternalReturnReason1Code, e.g. AC04 (account closed). */
  reason: string;
  /** Who sent it back: the payout's creditor. */
  returnedBy: { name: string; iban: string };
};

export type SandboxEntry = SandboxCredit | SandboxDebit | SandboxReturn;

const isoDateTime = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const cut = (text: string, length: number) => [...text].slice(0, length).join("");

function amount(minor: bigint, currency: string): XmlFields {
  return { "@Ccy": currency, "#": formatDecimalAmount(minor, currency) };
}

function bankTransactionCode(family: string, subFamily: string): XmlFields {
  return { Domn: { Cd: "PMNT", Fmly: { Cd: family, SubFmlyCd: subFamily } } };
}

function entry(item: SandboxEntry, bookingDate: string): XmlFields {
  const side = item.kind === "debit" ? "DBIT" : "CRDT";
  const code =
    item.kind === "credit"
      ? bankTransactionCode("RCDT", "ESCT")
      : item.kind === "debit"
        ? bankTransactionCode("ICDT", "ESCT")
        : bankTransactionCode("ICDT", "RRTN");
  const value = amount(item.amountMinor, item.currency);
  let details: XmlFields;
  if (item.kind === "credit") {
    details = {
      Refs: { AcctSvcrRef: item.reference, EndToEndId: item.endToEndId ?? "NOTPROVIDED" },
      Amt: value,
      CdtDbtInd: side,
      RltdPties: {
        Dbtr: { Pty: { Nm: cut(item.debtor.name, TEXT_LENGTH) } },
        DbtrAcct: item.debtor.iban ? { Id: { IBAN: item.debtor.iban } } : undefined,
        CdtrAcct: { Id: { IBAN: item.creditorIban } },
      },
      RltdAgts: item.debtor.bic ? { DbtrAgt: { FinInstnId: { BICFI: item.debtor.bic } } } : undefined,
      RmtInf: item.remittance ? { Ustrd: cut(item.remittance, TEXT_LENGTH) } : undefined,
    };
  } else if (item.kind === "debit") {
    details = {
      Refs: { AcctSvcrRef: item.reference, InstrId: item.instructionId, EndToEndId: item.endToEndId },
      Amt: value,
      CdtDbtInd: side,
      RltdPties: {
        Cdtr: { Pty: { Nm: cut(item.creditor.name, TEXT_LENGTH) } },
        CdtrAcct: { Id: { IBAN: item.creditor.iban } },
      },
      RmtInf: item.remittance ? { Ustrd: cut(item.remittance, TEXT_LENGTH) } : undefined,
    };
  } else {
    details = {
      Refs: { AcctSvcrRef: item.reference, EndToEndId: item.originalEndToEndId },
      Amt: value,
      CdtDbtInd: side,
      RltdPties: {
        Dbtr: { Pty: { Nm: cut(item.returnedBy.name, TEXT_LENGTH) } },
        DbtrAcct: { Id: { IBAN: item.returnedBy.iban } },
      },
      RtrInf: { Rsn: { Cd: item.reason } },
    };
  }
  return {
    Amt: value,
    CdtDbtInd: side,
    Sts: { Cd: "BOOK" },
    BookgDt: { Dt: bookingDate },
    ValDt: { Dt: bookingDate },
    AcctSvcrRef: item.reference,
    BkTxCd: code,
    NtryDtls: { TxDtls: details },
  };
}

function account(master: MasterAccount): XmlFields {
  return {
    Id: { IBAN: master.iban },
    Ccy: "EUR",
    Ownr: { Nm: master.holder },
    Svcr: { FinInstnId: { BICFI: master.bic } },
  };
}

/** A camt.054.001.08 notification of booked entries on the master account. */
export function writeCamt054(notification: {
  messageId: string;
  createdAt: Date;
  account: MasterAccount;
  entries: readonly SandboxEntry[];
}): Uint8Array {
  const bookingDate = isoDate(notification.createdAt);
  return write("camt.054.001.08", "BkToCstmrDbtCdtNtfctn", notification.messageId, {
    GrpHdr: { MsgId: notification.messageId, CreDtTm: isoDateTime(notification.createdAt) },
    Ntfctn: {
      Id: notification.messageId,
      CreDtTm: isoDateTime(notification.createdAt),
      Acct: account(notification.account),
      Ntry: notification.entries.map((item) => entry(item, bookingDate)),
    },
  });
}

function balance(type: "OPBD" | "CLBD", minor: bigint, currency: string, date: string): XmlFields {
  return {
    Tp: { CdOrPrtry: { Cd: type } },
    Amt: amount(minor < 0n ? -minor : minor, currency),
    CdtDbtInd: minor < 0n ? "DBIT" : "CRDT",
    Dt: { Dt: date },
  };
}

/** A camt.053.001.08 day statement: opening balance, the day's entries, closing balance (computed from them). */
export function writeCamt053(statement: {
  messageId: string;
  createdAt: Date;
  /** `YYYY-MM-DD`. */
  date: string;
  account: MasterAccount;
  openingMinor: bigint;
  entries: readonly SandboxEntry[];
}): Uint8Array {
  const closing = statement.entries.reduce(
    (sum, item) => sum + (item.kind === "debit" ? -item.amountMinor : item.amountMinor),
    statement.openingMinor,
  );
  return write("camt.053.001.08", "BkToCstmrStmt", statement.messageId, {
    GrpHdr: { MsgId: statement.messageId, CreDtTm: isoDateTime(statement.createdAt) },
    Stmt: {
      Id: statement.messageId,
      CreDtTm: isoDateTime(statement.createdAt),
      FrToDt: { FrDtTm: `${statement.date}T00:00:00Z`, ToDtTm: `${statement.date}T23:59:59Z` },
      Acct: account(statement.account),
      Bal: [
        balance("OPBD", statement.openingMinor, "EUR", statement.date),
        balance("CLBD", closing, "EUR", statement.date),
      ],
      Ntry: statement.entries.map((item) => entry(item, statement.date)),
    },
  });
}

export type SandboxTransactionStatus = {
  endToEndId: string;
  instructionId?: string;
  status: "ACCP" | "ACSC" | "RJCT";
  /** ExternalStatusReason1Code of a rejection, e.g. AC04. */
  reason?: string;
  information?: string;
};

/** A pain.002.001.11 status report on one of our pain.001 files: the group's status and each payment's. */
export function writePain002(report: {
  messageId: string;
  createdAt: Date;
  original: { messageId: string; messageName: string; paymentInformationId: string };
  groupStatus: "ACCP" | "PART" | "RJCT";
  groupReason?: string;
  bankName: string;
  transactions: readonly SandboxTransactionStatus[];
}): Uint8Array {
  const reason = (code: string | undefined, information?: string): XmlFields | undefined =>
    code ? { Rsn: { Cd: code }, AddtlInf: information ? cut(information, 105) : undefined } : undefined;
  return write("pain.002.001.11", "CstmrPmtStsRpt", report.messageId, {
    GrpHdr: { MsgId: report.messageId, CreDtTm: isoDateTime(report.createdAt), InitgPty: { Nm: report.bankName } },
    OrgnlGrpInfAndSts: {
      OrgnlMsgId: report.original.messageId,
      OrgnlMsgNmId: report.original.messageName,
      GrpSts: report.groupStatus,
      StsRsnInf: reason(report.groupReason),
    },
    OrgnlPmtInfAndSts: {
      OrgnlPmtInfId: report.original.paymentInformationId,
      TxInfAndSts: report.transactions.map((transaction) => ({
        OrgnlInstrId: transaction.instructionId,
        OrgnlEndToEndId: transaction.endToEndId,
        TxSts: transaction.status,
        StsRsnInf: reason(transaction.reason, transaction.information),
      })),
    },
  });
}

function write(id: string, rootName: string, messageId: string, content: XmlFields): Uint8Array {
  const definition = messageById(id);
  const { document, root } = createDocument(definition.namespace);
  let bytes: Uint8Array;
  try {
    addContent(root.addElement(rootName), content);
    bytes = serialize(document);
  } finally {
    document.dispose();
  }
  assertValid(bytes, definition, messageId);
  return bytes;
}

/** Parsed again and validated against the official schema: a sandbox file that fails is our bug. */
function assertValid(bytes: Uint8Array, definition: MessageDefinition, messageId: string): void {
  const written = XmlDocument.fromBuffer(bytes);
  try {
    validatorFor(definition).validate(written);
  } catch (error) {
    if (!(error instanceof XmlLibError)) throw error;
    const first = error.details[0];
    throw new Error(
      `The sandbox bank's ${definition.id} ${messageId} is not schema-valid: ` +
        (first ? `line ${first.line}: ${readableMessage(first.message)}` : error.message),
    );
  } finally {
    written.dispose();
  }
}
