import { createHash } from "node:crypto";
import { type EntryTransaction, type StatementEntry } from "./statement.ts";

/*
 * The identity as it was computed before references were normalised and the fingerprint covered the account
 * credited (until 2026-11-28). Entries recorded then keep these keys; the importer also looks a line up under this
 * one, so that the day's camt.053 of a credit notified before the upgrade still finds it (C47). Nothing new is
 * recorded under it. Remove once no statement of those days can arrive again.
 */
export function legacyEntryIdentity(account: string, entry: StatementEntry, transaction?: EntryTransaction): string {
  const accountKey = account.replace(/\s+/g, "").toUpperCase();
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
        transaction?.debtorIban ? transaction.debtorIban.replace(/\s+/g, "").toUpperCase() : "",
        remittance,
      ]),
    )
    .digest("hex");
  return `fp:${accountKey}:${fingerprint}`;
}
