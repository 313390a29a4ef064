import { z } from "zod";
import { seqCursor } from "../http/seq-cursor.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { Reply } from "../http/respond.ts";

export const DEFAULT_AUDIT_LIMIT = 50;
export const MAX_AUDIT_LIMIT = 100;

const limitMessage = `must be a whole number from 1 to ${MAX_AUDIT_LIMIT}`;

/** `GET /admin/audit`: filters by subject id and action, newest first, keyset-paged by an opaque cursor. */
export const listAuditQuery = z.object({
  subject: z.uuid("must be a UUID").optional(),
  action: z
    .string()
    .regex(/^[a-zA-Z.]{1,64}$/, "must be an action name such as profile.approve")
    .optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,3}$/, limitMessage)
    .transform((value) => Number.parseInt(value, 10))
    .refine((value) => value >= 1 && value <= MAX_AUDIT_LIMIT, limitMessage)
    .default(DEFAULT_AUDIT_LIMIT),
  cursor: z.string().min(1, "Cursor missing").optional(),
});
export type ListAuditQuery = z.output<typeof listAuditQuery>;

export type AuditEntryView = {
  id: string;
  at: string;
  actor: { id: string; email: string };
  action: string;
  subject: { type: string; id: string };
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
};

/**
 * The operator's audit log, newest first. `limit` entries per page; when more follow, the next page's cursor comes
 * in `X-Next-Cursor` and a `Link: <…>; rel="next"` header, as `GET /orders` does it.
 */
export async function listAudit(options: { query: ListAuditQuery; url: URL }): Promise<Reply> {
  const { query, url } = options;
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const where: Prisma.AuditEntryWhereInput = {
    ...(query.subject ? { subjectId: query.subject.toLowerCase() } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(before !== undefined ? { seq: { lt: before } } : {}),
  };
  const prisma = await db();
  const rows = await prisma.auditEntry.findMany({ where, orderBy: { seq: "desc" }, take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const headers: Record<string, string> = {};
  if (rows.length > query.limit) {
    const cursor = encodeCursor(page[page.length - 1]!.seq);
    const next = new URL(url);
    next.searchParams.set("cursor", cursor);
    headers["x-next-cursor"] = cursor;
    headers.link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return new Reply(
    200,
    {
      entries: page.map((row): AuditEntryView => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: { id: row.actorUserId, email: row.actorEmail },
        action: row.action,
        subject: { type: row.subjectType, id: row.subjectId },
        before: row.before,
        after: row.after,
        reason: row.reason,
        requestId: row.requestId,
      })),
    },
    headers,
  );
}

const { encode: encodeCursor, decode: decodeCursor } = seqCursor("a");
