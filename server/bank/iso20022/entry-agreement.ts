import { formatSchemaUnits, schemaUnits } from "./decimal-amount.ts";
import { type BankAmount, type EntryTransaction, type StatementEntry } from "./statement.ts";

/*
 * Whether an entry's transactions (`TxDtls`) agree with the entry (C63). The entry is what the bank booked on the
 * account; its transactions say what the booking was made of. They must agree, or neither can be believed:
 *
 * - side: a transaction's `CdtDbtInd`, where it gives one, is its entry's (the transactions of a debit are debits);
 * - currency: a transaction's amount is in its entry's currency;
 * - amount: a transaction that gives both `Amt` and `AmtDtls/TxAmt` gives one amount; the transactions' amounts add
 *   up to the entry's exactly (one transaction included: its amount is the entry's); an entry batching several
 *   transactions gives each its amount, or the sum cannot be checked. Charges netted into an entry are not
 *   recognised: such an entry disagrees, and an operator looks at it.
 *
 * Amounts are compared as the bank wrote them, in the schema's five decimals, never through the currency's minor
 * units (a refused `10.005` EUR is still added exactly). An entry without transactions has nothing to disagree with.
 */

/** How many disagreeing transactions a sentence lists before it counts the rest. */
const LISTED = 3;

function describe(side: string, amount: BankAmount | undefined): string {
  return amount ? `${side} ${amount.decimal} ${amount.currency}` : `${side} without an amount`;
}

function sameAmount(a: BankAmount, b: BankAmount): boolean {
  return a.currency === b.currency && schemaUnits(a.decimal) === schemaUnits(b.decimal);
}

/** What one transaction says that its entry does not, in words (empty when it agrees). */
function disagreements(entry: StatementEntry, transaction: EntryTransaction, batched: boolean): string[] {
  const found: string[] = [];
  if (transaction.creditDebit !== undefined && transaction.creditDebit !== entry.creditDebit) found.push("side");
  if (transaction.amount && transaction.amount.currency !== entry.amount.currency) found.push("currency");
  if (transaction.amount && transaction.detailsAmount && !sameAmount(transaction.amount, transaction.detailsAmount)) {
    found.push(
      `Amt ${transaction.amount.decimal} ${transaction.amount.currency} against AmtDtls/TxAmt ` +
        `${transaction.detailsAmount.decimal} ${transaction.detailsAmount.currency}`,
    );
  }
  if (!transaction.amount && batched) found.push("no amount of its own in a batch");
  return found;
}

/** The sum of the transactions' amounts when every one is in the entry's currency, else undefined. */
function transactionsSum(entry: StatementEntry): bigint | undefined {
  let sum = 0n;
  for (const transaction of entry.transactions) {
    const amount = transaction.amount;
    if (!amount || amount.currency !== entry.amount.currency) return undefined;
    const units = schemaUnits(amount.decimal);
    if (units === undefined) return undefined;
    sum += units;
  }
  return sum;
}

/**
 * A sentence naming the entry and the transactions that disagree with it, and how; undefined when they agree. Every
 * line of such an entry is an exception, never a mint or a payout's debit: which of the two is right is for the bank
 * to say.
 */
export function entryContradiction(entry: StatementEntry): string | undefined {
  const { transactions } = entry;
  if (transactions.length === 0) return undefined;
  const batched = transactions.length > 1;
  const named: string[] = [];
  transactions.forEach((transaction, index) => {
    const found = disagreements(entry, transaction, batched);
    if (found.length === 0) return;
    const side = transaction.creditDebit ?? entry.creditDebit;
    named.push(`TxDtls[${index + 1}] ${describe(side, transaction.amount)} (${found.join(", ")})`);
  });
  const sum = transactionsSum(entry);
  const entryUnits = schemaUnits(entry.amount.decimal);
  // A transaction without an amount of its own (one alone takes its entry's) leaves nothing to add up.
  const sumDisagrees = sum !== undefined && entryUnits !== undefined && sum !== entryUnits;
  if (named.length === 0 && !sumDisagrees) return undefined;
  const listed = named.slice(0, LISTED);
  if (named.length > LISTED) listed.push(`and ${named.length - LISTED} more`);
  const parts = [...listed];
  if (sumDisagrees) {
    parts.push(`the transactions add up to ${formatSchemaUnits(sum)} ${entry.amount.currency}`);
  }
  return (
    `the entry (${describe(entry.creditDebit, entry.amount)}) and its transactions disagree: ${parts.join("; ")}; ` +
    "settle it with the bank"
  );
}
