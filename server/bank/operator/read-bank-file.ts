import { seqCursor } from "../../contract/seq-cursor.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { BankFileDetailView } from "./bank-operator.responses.ts";
import type { PageQuery } from "./bank-operator.schemas.ts";
import { bankEntryView, bankFileView, payoutView } from "./bank-views.ts";

const cursor = seqCursor("bankfileline");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One bank file and a page of what it holds (`GET /admin/bank/files/{id}`): an imported file's report in the file's
 * order, each line with the booked entry it recorded; a payment file's payouts.
 */
export async function readBankFile(options: {
  id: string;
  query: PageQuery;
}): Promise<BankFileDetailView & { nextCursor?: string }> {
  const { id, query } = options;
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", "Bank file not found");
  const prisma = await db();
  const file = await prisma.bankFile.findUnique({ where: { id: id.toLowerCase() }, omit: { content: true } });
  if (!file) throw new AppError("NOT_FOUND", "Bank file not found");
  const after = query.cursor === undefined ? -1 : Number(cursor.decode(query.cursor));
  if (file.direction === "outbound") {
    const payouts = await prisma.payout.findMany({ where: { fileId: file.id }, orderBy: { endToEndId: "asc" } });
    return { file: bankFileView({ ...file, content: null }), entries: [], payouts: payouts.map(payoutView) };
  }
  const lines = await prisma.bankFileEntry.findMany({
    where: { fileId: file.id, index: { gt: after } },
    orderBy: { index: "asc" },
    take: query.limit + 1,
  });
  const page = lines.slice(0, query.limit);
  const ids = page.flatMap((line) => (line.entryId ? [line.entryId] : []));
  const entries = new Map(
    (await prisma.bankEntry.findMany({ where: { id: { in: ids } } })).map((entry) => [entry.id, entry]),
  );
  const last = page.at(-1);
  return {
    file: bankFileView({ ...file, content: null }),
    entries: page.map((line) => {
      const entry = line.entryId ? entries.get(line.entryId) : undefined;
      return { index: line.index, result: line.result, note: line.note, entry: entry ? bankEntryView(entry) : null };
    }),
    payouts: [],
    nextCursor: lines.length > query.limit && last ? cursor.encode(BigInt(last.index)) : undefined,
  };
}
