import { createHash } from "node:crypto";
import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import type { BankEntry } from "../../generated/prisma/client.ts";
import { entryIban, openEntryText } from "../import/entry-text.ts";
import { importBankFile, type ImportReport } from "../import/import-bank-file.ts";
import { writeCamt053, type SandboxEntry } from "./sandbox-bank-files.ts";

/*
 * The sandbox bank's day statement (camt.053) of the master account: every booking it made that day, as its
 * notifications reported them, between the opening and closing booked balances. Every movement of the sandbox bank
 * went through the importer, so the booked entries it recorded are the bank's own book of the account: the opening
 * balance is the sum of every earlier day's, the closing one adds the day's. Imported like a real bank's statement,
 * its entries are recognised (each was imported from a notification) and its closing balance is compared with the
 * ledger (safeguarding, C51).
 */

const signed = (entry: BankEntry) => (entry.side === "DBIT" ? -entry.amountMinor : entry.amountMinor);

/** A recorded booking as the statement reports it again, under the same bank reference. */
function statementEntry(row: BankEntry, reference: string): SandboxEntry {
  const entry = { ...openEntryText(row), iban: entryIban(row) };
  const common = { reference, amountMinor: entry.amountMinor, currency: entry.currency };
  if (entry.side === "DBIT") {
    return {
      kind: "debit",
      ...common,
      endToEndId: entry.endToEndId ?? "NOTPROVIDED",
      creditor: { name: "NOTPROVIDED", iban: entry.iban ?? "" },
      remittance: entry.remittance ?? undefined,
    };
  }
  if (entry.returnReason) {
    return {
      kind: "return",
      ...common,
      originalEndToEndId: entry.endToEndId ?? "NOTPROVIDED",
      reason: entry.returnReason,
      returnedBy: { name: entry.debtorName ?? "NOTPROVIDED", iban: entry.debtorIban ?? "" },
    };
  }
  return {
    kind: "credit",
    ...common,
    creditorIban: entry.iban ?? "",
    debtor: { name: entry.debtorName ?? "NOTPROVIDED", ...(entry.debtorIban ? { iban: entry.debtorIban } : {}) },
    remittance: entry.remittance ?? undefined,
    endToEndId: entry.endToEndId ?? undefined,
  };
}

/**
 * Sends the statement of `date` (`YYYY-MM-DD`, UTC) through the importer. Sent again with nothing new booked, it is
 * the same file (its message id and content derive from the bookings), which the importer recognises.
 */
export async function sendDayStatement(options: { date: string; config: Config }): Promise<ImportReport> {
  const { date, config } = options;
  const account = config.bank.account;
  const prefix = `ref:${account.iban}:`;
  const prisma = await db();
  const day = new Date(`${date}T00:00:00.000Z`);
  const booked = { identity: { startsWith: prefix }, status: "BOOK", currency: "EUR" };
  const earlier = await prisma.bankEntry.findMany({
    where: { ...booked, bookingDate: { lt: day } },
    select: { side: true, amountMinor: true },
  });
  const openingMinor = earlier.reduce((sum, entry) => sum + signed(entry as BankEntry), 0n);
  const today = await prisma.bankEntry.findMany({ where: { ...booked, bookingDate: day }, orderBy: { seq: "asc" } });
  const entries = today.map((entry) => statementEntry(entry, entry.identity.slice(prefix.length)));
  const digest = createHash("sha256")
    .update(`${openingMinor}:${today.map((entry) => entry.identity).join(",")}`)
    .digest("hex")
    .slice(0, 16)
    .toUpperCase();
  const messageId = `SBX053-${date.replaceAll("-", "")}-${digest}`;
  const bytes = writeCamt053({
    messageId,
    createdAt: new Date(`${date}T23:59:59.000Z`),
    date,
    account,
    openingMinor,
    entries,
  });
  return importBankFile({ content: { bytes }, name: `camt053-${messageId}.xml`, source: "sandbox-bank", config });
}
