import { openValue, sealAtRest, type Sealed } from "../../keys/sealed-value.ts";
import { ENTRY_DEBTOR_IBAN, ENTRY_DEBTOR_NAME, ENTRY_IBAN, ENTRY_REMITTANCE } from "./entry-columns.ts";

/*
 * What a bank entry tells of the person who paid (name, IBAN, remittance), sealed at rest (C70;
 * server/keys/sealed-value.ts): written sealed with the contexts of ./entry-columns.ts, opened on every read (a value
 * written before sealing began, or already opened, reads as it is). Null stays null: nothing reported.
 */

type EntryText = { debtorName: string | null; debtorIban: string | null; remittance: string | null };

const seal = (value: string | null, context: string): Sealed | string | null =>
  value === null ? null : sealAtRest(value, context);
const open = (value: unknown, context: string): string | null =>
  value === null || value === undefined ? null : openValue<string>(value, context);

export function sealEntryText(entry: EntryText): {
  debtorName: Sealed | string | null;
  debtorIban: Sealed | string | null;
  remittance: Sealed | string | null;
} {
  return {
    debtorName: seal(entry.debtorName, ENTRY_DEBTOR_NAME),
    debtorIban: seal(entry.debtorIban, ENTRY_DEBTOR_IBAN),
    remittance: seal(entry.remittance, ENTRY_REMITTANCE),
  };
}

/** The entry's debtor name, IBAN and remittance, opened. */
export function entryText(entry: { debtorName: unknown; debtorIban: unknown; remittance: unknown }): EntryText {
  return {
    debtorName: open(entry.debtorName, ENTRY_DEBTOR_NAME),
    debtorIban: open(entry.debtorIban, ENTRY_DEBTOR_IBAN),
    remittance: open(entry.remittance, ENTRY_REMITTANCE),
  };
}

/** The row with its debtor name, IBAN and remittance opened. */
export function openEntryText<T extends { debtorName: unknown; debtorIban: unknown; remittance: unknown }>(
  row: T,
): Omit<T, keyof EntryText> & EntryText {
  return { ...row, ...entryText(row) };
}

/** The account the entry names (the IBAN credited or debited) as the database keeps it. */
export function sealEntryIban(iban: string | null): Sealed | string | null {
  return seal(iban, ENTRY_IBAN);
}

/** The account the entry names, opened. */
export function entryIban(entry: { iban: unknown }): string | null {
  return open(entry.iban, ENTRY_IBAN);
}
