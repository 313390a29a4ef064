/**
 * What a bank entry's debtor name, debtor IBAN and remittance are sealed for (server/keys/sealed-value.ts): every
 * read and write of these columns seals or opens them with these contexts (./entry-text.ts).
 */
export const ENTRY_DEBTOR_NAME = "BankEntry.debtorName";
export const ENTRY_DEBTOR_IBAN = "BankEntry.debtorIban";
export const ENTRY_REMITTANCE = "BankEntry.remittance";
/** The account the entry names: a customer's IBAN. */
export const ENTRY_IBAN = "BankEntry.iban";
