import { formatAmount } from "../../money/amount.ts";
import type { BankEntry, BankFile, Payout } from "../../generated/prisma/client.ts";
import { entryIban, entryText } from "../import/entry-text.ts";
import { payoutCounterpartOf, payoutRemittance } from "../payments/payout-text.ts";
import type { BankEntryView, BankFileView, PayoutView } from "./bank-operator.responses.ts";

/** Rows of the bank rail as the admin API and the console show them: amounts as decimals, dates as ISO strings. */

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const isoDay = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);

function summaryOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function bankFileView(row: BankFile): BankFileView {
  return {
    id: row.id,
    direction: row.direction,
    message: row.message,
    messageId: row.messageId,
    name: row.name,
    source: row.source,
    state: row.state,
    size: row.size,
    sha256: row.sha256,
    accountIban: row.accountIban,
    summary: summaryOf(row.summary),
    createdAt: row.createdAt.toISOString(),
    releasedAt: iso(row.releasedAt),
    deliveredAt: iso(row.deliveredAt),
  };
}

export function bankEntryView(row: BankEntry): BankEntryView {
  return {
    id: row.id,
    fileId: row.fileId,
    side: row.side,
    status: row.status,
    amount: formatAmount(row.amountMinor),
    currency: row.currency,
    bookingDate: isoDay(row.bookingDate),
    valueDate: isoDay(row.valueDate),
    iban: entryIban(row),
    ...entryText(row),
    endToEndId: row.endToEndId,
    outcome: row.outcome,
    problem: row.problem,
    orderId: row.orderId,
    payoutId: row.payoutId,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
    resolvedById: row.resolvedById,
  };
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

export function payoutView(row: Payout): PayoutView {
  const counterpart = summaryOf(payoutCounterpartOf(row));
  return {
    id: row.id,
    endToEndId: row.endToEndId,
    orderId: row.orderId,
    bankEntryId: row.bankEntryId,
    amount: formatAmount(row.amountMinor),
    currency: row.currency,
    creditorName: text(summaryOf(counterpart.details).name),
    creditorIban: text(summaryOf(counterpart.identifier).iban),
    remittance: payoutRemittance(row),
    state: row.state,
    fileId: row.fileId,
    sentAt: row.sentAt.toISOString(),
    releasedAt: iso(row.releasedAt),
    settledAt: iso(row.settledAt),
    reasonCode: row.reasonCode,
  };
}
