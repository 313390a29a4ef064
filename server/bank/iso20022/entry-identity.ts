import { createHash } from "node:crypto";
import { type EntryTransaction, type StatementEntry } from "./statement.ts";

/*
 * What identifies a booked entry, so that the same credit reported in a camt.054 and again in the day's camt.053, or
 * in a file imported twice, is recognised as one (C47): the bank's references first, a fingerprint only where the
 * bank gives none. Every key is qualified by the account, because a bank's references are unique per account (or
 * per bank), never across banks.
 *
 * 1. `ref`: the account servicer's reference (`AcctSvcrRef`) of the transaction; else of the entry, when the entry
 *    carries at most one transaction (an entry-level reference of a batch names the batch, not each credit). Both
 *    levels share one key space: banks that give both give the same value for a single credit, and a bank that puts
 *    it on the transaction in one file and on the entry in the other still matches.
 * 2. `uetr`: the transaction's UETR (camt .08), unique world-wide by construction.
 * 3. `fp`: a SHA-256 over what the bank said about the credit: account, booking date, amount, currency, credit or
 *    debit, end-to-end id, debtor IBAN and remittance. Its limits: two genuinely different credits that agree on all
 *    of these (the same payer sending the same amount with the same text twice a day, end-to-end id NOTPROVIDED)
 *    get one key, so the second would be taken for a repeat; and a bank that reports the same credit with a
 *    different booking date or remittance in its two files gives two keys. Only booked entries (status BOOK) should
 *    be identified this way, and a bank that needs the fingerprint deserves a look before it goes live.
 */

function normalizeAccount(account: string): string {
  return account.replace(/\s+/g, "").toUpperCase();
}

export function entryIdentity(account: string, entry: StatementEntry, transaction?: EntryTransaction): string {
  const accountKey = normalizeAccount(account);
  const reference =
    transaction?.accountServicerReference ??
    (entry.transactions.length <= 1 ? entry.accountServicerReference : undefined);
  if (reference) return `ref:${accountKey}:${reference}`;
  if (transaction?.uetr) return `uetr:${accountKey}:${transaction.uetr.toLowerCase()}`;

  const amount = transaction?.amount ?? entry.amount;
  const remittance = transaction
    ? [...transaction.remittance.unstructured, ...transaction.remittance.creditorReferences]
    : [];
  const fingerprint = createHash("sha256")
    .update(
      JSON.stringify([
        accountKey,
        entry.bookingDate?.slice(0, 10) ?? "",
        amount.minor?.toString() ?? amount.decimal,
        amount.currency,
        transaction?.creditDebit ?? entry.creditDebit,
        transaction?.endToEndId ?? "",
        transaction?.debtorIban ? normalizeAccount(transaction.debtorIban) : "",
        remittance,
      ]),
    )
    .digest("hex");
  return `fp:${accountKey}:${fingerprint}`;
}
