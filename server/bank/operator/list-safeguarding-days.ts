import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { SafeguardingDayView } from "./bank-operator.responses.ts";
import type { PageQuery } from "./bank-operator.schemas.ts";
import { safeguardingDayView } from "./bank-views.ts";

const invalidCursor = () =>
  new AppError("VALIDATION", "Validation errors", { cursor: "is not a cursor this API gave out" });

/** `<date>:<id>` of the last row shown, in base64url: the next page starts after it. */
function decode(value: string): { date: Date; id: string } {
  const match = /^sg:(\d{4}-\d{2}-\d{2}):([0-9a-f-]{36})$/.exec(Buffer.from(value, "base64url").toString());
  const date = match ? new Date(`${match[1]}T00:00:00.000Z`) : undefined;
  if (!match || !date || Number.isNaN(date.getTime())) throw invalidCursor();
  return { date, id: match[2]! };
}

const encode = (date: Date, id: string) =>
  Buffer.from(`sg:${date.toISOString().slice(0, 10)}:${id}`).toString("base64url");

/**
 * Safeguarding per statement day, newest day first (`GET /admin/bank/safeguarding`): the bank's closing balance
 * beside tokens outstanding, payouts in flight and credits not yet minted, and the difference (the reconciliation
 * writes the rows when a statement is imported).
 */
export async function listSafeguardingDays(
  query: PageQuery,
): Promise<{ days: SafeguardingDayView[]; nextCursor?: string }> {
  const after = query.cursor === undefined ? undefined : decode(query.cursor);
  const prisma = await db();
  const rows = await prisma.safeguardingDay.findMany({
    where: after ? { OR: [{ date: { lt: after.date } }, { date: after.date, id: { lt: after.id } }] } : {},
    orderBy: [{ date: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    days: page.map(safeguardingDayView),
    nextCursor: rows.length > query.limit && last ? encode(last.date, last.id) : undefined,
  };
}
