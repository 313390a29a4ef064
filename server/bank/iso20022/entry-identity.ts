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
 *    debit, the account credited (the customer's virtual IBAN), end-to-end id, debtor IBAN and remittance. Two
 *    credits that agree on all of these (the same payer sending the same amount with the same text to the same IBAN
 *    twice a day, end-to-end id NOTPROVIDED) still get one key, and the second is taken for a repeat; a bank that
 *    reports one credit with a different booking date or remittance in its two files gives two keys. Only booked
 *    entries (status BOOK) should be identified this way, and a bank that needs the fingerprint deserves a look
 *    before it goes live.
 *
 * Every text that goes into a key passes `normalizeReference` first, here and nowhere else, so the same reference
 * spelt with padding (the schema's Max35Text allows it), runs of inner spaces or another case is one key.
 */

function normalizeAccount(account: string): string {
  return account.replace(/\s+/gu, "").toUpperCase();
}

/**
 * A reference as a key: trimmed, every run of white space one space, upper case. Case-blind on purpose: ISO 20022
 * gives `AcctSvcrRef` no case semantics, banks' references come from MT-era systems that treat them as
 * case-insensitive, and the two mistakes are not equal: a credit minted twice because a bank wrote its reference in
 * another case in its camt.053 creates tokens no money backs, while two references differing only in case are taken
 * for one credit only when their account, amount, currency and side also agree (otherwise the importer makes the
 * second an exception), and money not minted is still in the safeguarding account, found at reconciliation.
 */
export function normalizeReference(reference: string): string {
  return reference.trim().replace(/\s+/gu, " ").toUpperCase();
}

/** A reference as a key, or undefined when it is empty once normalised (all blanks is no reference). */
function referenceKey(reference: string | undefined): string | undefined {
  if (reference === undefined) return undefined;
  return normalizeReference(reference) || undefined;
}

export function entryIdentity(account: string, entry: StatementEntry, transaction?: EntryTransaction): string {
  const accountKey = normalizeAccount(account);
  const reference =
    referenceKey(transaction?.accountServicerReference) ??
    (entry.transactions.length <= 1 ? referenceKey(entry.accountServicerReference) : undefined);
  if (reference) return `ref:${accountKey}:${reference}`;
  const uetr = referenceKey(transaction?.uetr);
  if (uetr) return `uetr:${accountKey}:${uetr.toLowerCase()}`;

  const amount = transaction?.amount ?? entry.amount;
  const remittance = transaction
    ? [...transaction.remittance.unstructured, ...transaction.remittance.creditorReferences].map(normalizeReference)
    : [];
  const fingerprint = createHash("sha256")
    .update(
      JSON.stringify([
        accountKey,
        entry.bookingDate?.slice(0, 10) ?? "",
        amount.minor?.toString() ?? amount.decimal,
        amount.currency,
        transaction?.creditDebit ?? entry.creditDebit,
        transaction?.creditorIban ? normalizeAccount(transaction.creditorIban) : "",
        referenceKey(transaction?.endToEndId) ?? "",
        transaction?.debtorIban ? normalizeAccount(transaction.debtorIban) : "",
        remittance,
      ]),
    )
    .digest("hex");
  return `fp:${accountKey}:${fingerprint}`;
}
