import { electronicFormatIBAN } from "ibantools";
import { entryIdentity } from "../iso20022/entry-identity.ts";
import type { BankAmount, CreditDebit, EntryTransaction, StatementEntry } from "../iso20022/statement.ts";

/*
 * A file's entries as the importer handles them: one line per transaction (an entry may batch several), each with
 * the identity that makes it count once (`entryIdentity`) and what kind of movement it is.
 */

/** What a booked line is, before anything is looked up. */
export type LineKind =
  /** Money in that may be minted: a booked credit, not a return and not a reversal. */
  | "credit"
  /** One of our payouts coming back (a return reason, or a return bank transaction code). */
  | "return"
  /**
   * A reversal of an earlier booking (`RvslInd`): a credit taken back, or a debit given back. Either moves money we
   * may already have acted on (a credit minted, a payout settled): for an operator to look at.
   */
  | "reversal"
  /**
   * A booked line of an entry its transactions disagree with (side, currency, amount: C63). Neither can be believed,
   * so it is an exception an operator settles with the bank: never minted, assigned, returned or matched to a payout.
   */
  | "contradiction"
  /** Money out of the master account: one of our payouts when its end-to-end id says so. */
  | "debit"
  /** Not booked (PDNG, INFO): reported, never recorded, so its later booking is not taken for a repeat. */
  | "not_booked";

export type EntryLine = {
  /** 1-based position of the line in the file's report. */
  index: number;
  kind: LineKind;
  /** `entryIdentity`; empty for a line that is not booked. */
  identity: string;
  entry: StatementEntry;
  transaction?: EntryTransaction;
  side: CreditDebit;
  /** The transaction's amount, else the entry's (a batch entry's transactions should each carry theirs). */
  amount?: BankAmount;
  /** The IBAN credited as the transaction names it, electronic format. */
  creditorIban?: string;
  endToEndId?: string;
  returnReason?: string;
  remittance?: string;
  /** A contradiction's problem: this transaction and its entry, named. */
  contradiction?: string;
};

const RETURN_FAMILIES = new Set(["RRCT"]);
const RETURN_SUBFAMILIES = new Set(["RRTN"]);

/** Whether the line is a returned payment: a return reason, or a return bank transaction code on it or its entry. */
function isReturn(entry: StatementEntry, transaction: EntryTransaction | undefined): boolean {
  if (transaction?.returnReason) return true;
  return [transaction?.bankTransactionCode, entry.bankTransactionCode].some(
    (code) =>
      code !== undefined &&
      ((code.family !== undefined && RETURN_FAMILIES.has(code.family)) ||
        (code.subFamily !== undefined && RETURN_SUBFAMILIES.has(code.subFamily))),
  );
}

/** `NOTPROVIDED` is what SEPA writes when the payer gave no end-to-end id. */
function endToEndIdOf(transaction: EntryTransaction | undefined): string | undefined {
  const id = transaction?.endToEndId?.trim();
  return id && id !== "NOTPROVIDED" ? id : undefined;
}

/** The lines of one entry, numbered from `firstIndex`. */
export function entryLines(account: string, entry: StatementEntry, firstIndex: number): EntryLine[] {
  const transactions: (EntryTransaction | undefined)[] =
    entry.transactions.length > 0 ? entry.transactions : [undefined];
  return transactions.map((transaction, offset) => {
    const side = transaction?.creditDebit ?? entry.creditDebit;
    const booked = entry.status === "BOOK";
    const kind: LineKind = !booked
      ? "not_booked"
      : entry.contradiction
        ? "contradiction"
        : entry.reversal
          ? "reversal"
          : side === "DBIT"
            ? "debit"
            : isReturn(entry, transaction)
              ? "return"
              : "credit";
    const creditor = transaction?.creditorIban;
    const remittance = transaction
      ? [...transaction.remittance.unstructured, ...transaction.remittance.creditorReferences].join(" ").trim()
      : "";
    return {
      index: firstIndex + offset,
      kind,
      identity: booked ? entryIdentity(account, entry, transaction) : "",
      entry,
      transaction,
      side,
      amount: transaction?.amount ?? (transactions.length <= 1 ? entry.amount : undefined),
      creditorIban: creditor ? (electronicFormatIBAN(creditor) ?? creditor) : undefined,
      endToEndId: endToEndIdOf(transaction),
      returnReason: transaction?.returnReason,
      remittance: remittance || undefined,
      ...(entry.contradiction
        ? {
            contradiction: transaction
              ? `this transaction is ${side} ${transaction.amount ? `${transaction.amount.decimal} ${transaction.amount.currency}` : "without an amount"}; ${entry.contradiction}`
              : entry.contradiction,
          }
        : {}),
    };
  });
}
