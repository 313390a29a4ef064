import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { seqCursor } from "../contract/seq-cursor.ts";
import type { AuditEntryView } from "./audit.responses.ts";
import { openAuditEntries } from "./audit-text.ts";
import type { AuditAction, AuditSubject } from "./record-audit.ts";

export type { AuditEntryView };

export type AuditPage = { entries: AuditEntryView[]; nextCursor?: string };

/**
 * One page of the audit log, newest first: by subject id and action when given, older than `cursor` (an opaque
 * cursor an earlier page handed out; anything else is a 400 naming `cursor`). `nextCursor` is there when more follow.
 */
export async function readAuditPage(options: {
  subject?: string;
  action?: string;
  limit: number;
  cursor?: string;
}): Promise<AuditPage> {
  const { subject, action, limit, cursor } = options;
  const before = cursor === undefined ? undefined : decodeCursor(cursor);
  const where: Prisma.AuditEntryWhereInput = {
    ...(subject ? { subjectId: subject.toLowerCase() } : {}),
    ...(action ? { action } : {}),
    ...(before !== undefined ? { seq: { lt: before } } : {}),
  };
  const prisma = await db();
  const rows = await prisma.auditEntry.findMany({ where, orderBy: { seq: "desc" }, take: limit + 1 });
  const page = rows.slice(0, limit);
  return {
    // Before, after and reason are sealed at rest (C70): opened here, so the log shows what the operator did; an
    // erased customer's read as erased (C71), the entry itself still listed.
    entries: (await openAuditEntries(prisma, page)).map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorUserId, email: row.actorEmail },
      // Written only by recordAudit, whose types these are.
      action: row.action as AuditAction,
      subject: { type: row.subjectType as AuditSubject["type"], id: row.subjectId },
      before: row.before as AuditEntryView["before"],
      after: row.after as AuditEntryView["after"],
      reason: row.reason,
      requestId: row.requestId,
    })),
    ...(rows.length > limit ? { nextCursor: encodeCursor(page[page.length - 1]!.seq) } : {}),
  };
}

const { encode: encodeCursor, decode: decodeCursor } = seqCursor("a");
