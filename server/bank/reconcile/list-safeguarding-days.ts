import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { SafeguardingDay } from "../../generated/prisma/client.ts";
import { formatAmount } from "../../money/amount.ts";

/** One statement day as the console shows it: amounts as decimal strings of the currency, as everywhere on the wire. */
export type SafeguardingDayView = {
  /** The statement's day (`YYYY-MM-DD`, the bank's booking date). */
  date: string;
  accountIban: string;
  currency: string;
  /** The bank's closing booked balance (camt.053 `CLBD`). */
  closing: string;
  /** Tokens outstanding at the end of the day, tokens between chains included. */
  outstanding: string;
  /** Payouts instructed (tokens burned, credits sent back) and not yet debited by the bank, nor rejected and re-issued. */
  payoutsInFlight: string;
  /** Credits booked and not yet minted, nor sent back (unmatched credits included). */
  creditsUnminted: string;
  /** What must be at the bank: outstanding + payouts in flight + credits unminted. */
  expected: string;
  /** closing − expected: zero when every token is backed one to one. */
  difference: string;
  /** The difference is not zero (C51). */
  flagged: boolean;
  /** The camt.053 that gave the closing balance. */
  file: { id: string; messageId: string | null; name: string | null };
  computedAt: string;
};

export type SafeguardingPage = { days: SafeguardingDayView[]; nextCursor?: string };

export const DEFAULT_SAFEGUARDING_LIMIT = 31;
export const MAX_SAFEGUARDING_LIMIT = 366;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The safeguarding days, newest first (then by account and currency), keyset-paged: `cursor` is the opaque
 * `nextCursor` of an earlier page (anything else is a 400 naming `cursor`).
 */
export async function listSafeguardingDays(
  options: { cursor?: string; limit?: number } = {},
): Promise<SafeguardingPage> {
  const { cursor, limit = DEFAULT_SAFEGUARDING_LIMIT } = options;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SAFEGUARDING_LIMIT) {
    throw new AppError("VALIDATION", "Validation errors", {
      limit: `must be a whole number from 1 to ${MAX_SAFEGUARDING_LIMIT}`,
    });
  }
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const prisma = await db();
  const rows = await prisma.safeguardingDay.findMany({
    where: after
      ? {
          OR: [
            { date: { lt: after.date } },
            { date: after.date, accountIban: { gt: after.accountIban } },
            { date: after.date, accountIban: after.accountIban, currency: { gt: after.currency } },
          ],
        }
      : {},
    orderBy: [{ date: "desc" }, { accountIban: "asc" }, { currency: "asc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const files = await prisma.bankFile.findMany({
    where: { id: { in: [...new Set(page.map((row) => row.fileId))] } },
    select: { id: true, messageId: true, name: true },
  });
  const byId = new Map(files.map((file) => [file.id, file]));
  const last = page[page.length - 1];
  return {
    days: page.map((row) => safeguardingDayView(row, byId.get(row.fileId))),
    ...(rows.length > limit && last ? { nextCursor: encodeCursor(last) } : {}),
  };
}

/** The latest stored day of each account and currency (what `/metrics` exports). */
export async function latestSafeguardingDays(): Promise<SafeguardingDay[]> {
  const prisma = await db();
  return prisma.$queryRaw<SafeguardingDay[]>`
    SELECT DISTINCT ON ("accountIban", "currency") * FROM "SafeguardingDay"
    ORDER BY "accountIban", "currency", "date" DESC`;
}

export function safeguardingDayView(
  row: SafeguardingDay,
  file?: { messageId: string; name: string },
): SafeguardingDayView {
  const expected = row.outstandingMinor + row.payoutsInFlightMinor + row.creditsUnmintedMinor;
  return {
    date: isoDay(row.date),
    accountIban: row.accountIban,
    currency: row.currency,
    closing: formatAmount(row.closingMinor),
    outstanding: formatAmount(row.outstandingMinor),
    payoutsInFlight: formatAmount(row.payoutsInFlightMinor),
    creditsUnminted: formatAmount(row.creditsUnmintedMinor),
    expected: formatAmount(expected),
    difference: formatAmount(row.differenceMinor),
    flagged: row.differenceMinor !== 0n,
    file: { id: row.fileId, messageId: file?.messageId ?? null, name: file?.name ?? null },
    computedAt: row.computedAt.toISOString(),
  };
}

type Position = { date: Date; accountIban: string; currency: string };

function encodeCursor(row: Position): string {
  return Buffer.from(`s:${isoDay(row.date)}:${row.accountIban}:${row.currency}`).toString("base64url");
}

function decodeCursor(cursor: string): Position {
  const match = /^s:(\d{4}-\d{2}-\d{2}):([A-Z0-9]{5,34}):([A-Za-z]{3})$/.exec(
    Buffer.from(cursor, "base64url").toString(),
  );
  const date = match ? new Date(`${match[1]}T00:00:00.000Z`) : undefined;
  if (!match || !date || Number.isNaN(date.getTime())) {
    throw new AppError("VALIDATION", "Validation errors", { cursor: "is not a cursor this API gave out" });
  }
  return { date, accountIban: match[2]!, currency: match[3]! };
}
