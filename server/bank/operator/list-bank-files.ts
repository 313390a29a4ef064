import { seqCursor } from "../../contract/seq-cursor.ts";
import { db } from "../../db/client.ts";
import type { ListBankFilesQuery } from "./bank-operator.schemas.ts";
import { bankFileView } from "./bank-views.ts";
import type { BankFileView } from "./bank-operator.responses.ts";

const cursor = seqCursor("bankfile");

/** Bank files, in and out or one direction, newest first, a page at a time (`GET /admin/bank/files`). */
export async function listBankFiles(
  query: ListBankFilesQuery,
): Promise<{ files: BankFileView[]; nextCursor?: string }> {
  const before = query.cursor === undefined ? undefined : cursor.decode(query.cursor);
  const prisma = await db();
  const rows = await prisma.bankFile.findMany({
    where: {
      ...(query.direction ? { direction: query.direction } : {}),
      ...(before !== undefined ? { seq: { lt: before } } : {}),
    },
    omit: { content: true },
    orderBy: { seq: "desc" },
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    files: page.map((row) => bankFileView({ ...row, content: null })),
    nextCursor: rows.length > query.limit && last ? cursor.encode(last.seq) : undefined,
  };
}
