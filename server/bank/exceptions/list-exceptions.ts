import { seqCursor } from "../../contract/seq-cursor.ts";
import { db } from "../../db/client.ts";
import type { BankEntryView } from "../operator/bank-operator.responses.ts";
import type { ListExceptionsQuery } from "../operator/bank-operator.schemas.ts";
import { bankEntryView } from "../operator/bank-views.ts";

const cursor = seqCursor("bankexception");

/**
 * The exceptions queue (C48): booked credits that could not be minted (`open`), or those an operator resolved by
 * assigning or returning them (`resolved`), newest first, a page at a time (`GET /admin/bank/exceptions`).
 */
export async function listExceptions(
  query: ListExceptionsQuery,
): Promise<{ exceptions: BankEntryView[]; nextCursor?: string }> {
  const before = query.cursor === undefined ? undefined : cursor.decode(query.cursor);
  const prisma = await db();
  const rows = await prisma.bankEntry.findMany({
    where: {
      outcome: query.status === "open" ? "unmatched" : { in: ["assigned", "returned"] },
      ...(before !== undefined ? { seq: { lt: before } } : {}),
    },
    orderBy: { seq: "desc" },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    exceptions: page.map(bankEntryView),
    nextCursor: rows.length > query.limit && last ? cursor.encode(last.seq) : undefined,
  };
}
