import { messageById } from "../message-registry.ts";
import { addContent, createDocument, serialize, type XmlFields } from "../xml-writer.ts";
import { creditEntry, type GeneratedCredit } from "./generate-camt054.ts";

/*
 * Writes a camt.053.001.08 day statement of the master account, for tests: opening (OPBD) and closing (CLBD) booked
 * balances and the day's credits. A bank's statement often names a credit only on the entry (`Ntry/AcctSvcrRef`),
 * where its camt.054 named it on the transaction too; `referenceOnEntryOnly` writes it that way.
 */

export type GeneratedStatement = {
  messageId: string;
  createdAt: string;
  accountIban: string;
  /** The statement's day (`YYYY-MM-DD`): both balances are dated by it. */
  date: string;
  /** Minor units; negative for an overdrawn account (written as a debit balance). */
  openingMinor: bigint;
  closingMinor: bigint;
  credits: Iterable<GeneratedCredit>;
  /** Leave the bank's reference off the transactions, on the entries only. */
  referenceOnEntryOnly?: boolean;
};

const decimal = (minor: bigint) => {
  const digits = (minor < 0n ? -minor : minor).toString().padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

function balance(code: "OPBD" | "CLBD", minor: bigint, date: string): XmlFields {
  return {
    Tp: { CdOrPrtry: { Cd: code } },
    Amt: { "@Ccy": "EUR", "#": decimal(minor) },
    CdtDbtInd: minor < 0n ? "DBIT" : "CRDT",
    Dt: { Dt: date },
  };
}

export function generateCamt053(statement: GeneratedStatement): Uint8Array {
  const { document, root } = createDocument(messageById("camt.053.001.08").namespace);
  try {
    const message = root.addElement("BkToCstmrStmt");
    addContent(message, { GrpHdr: { MsgId: statement.messageId, CreDtTm: statement.createdAt } });
    const report = message.addElement("Stmt");
    addContent(report, {
      Id: `${statement.messageId}-1`,
      CreDtTm: statement.createdAt,
      Acct: { Id: { IBAN: statement.accountIban }, Ccy: "EUR" },
      Bal: [
        balance("OPBD", statement.openingMinor, statement.date),
        balance("CLBD", statement.closingMinor, statement.date),
      ],
    });
    for (const credit of statement.credits) addContent(report, creditEntry(credit, !!statement.referenceOnEntryOnly));
    return serialize(document);
  } finally {
    document.dispose();
  }
}
