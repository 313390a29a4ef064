import { z } from "zod";
import { Reply } from "../contract/reply.ts";
import { readAuditPage } from "./read-audit-page.ts";
import { MAX_ID, tooLong } from "../limits.ts";

export type { AuditEntryView } from "./read-audit-page.ts";

export const DEFAULT_AUDIT_LIMIT = 50;
export const MAX_AUDIT_LIMIT = 100;

const limitMessage = `must be a whole number from 1 to ${MAX_AUDIT_LIMIT}`;

/** `GET /admin/audit`: filters by subject id and action, newest first, keyset-paged by an opaque cursor. */
export const listAuditQuery = z.object({
  subject: z.string().max(MAX_ID, tooLong(MAX_ID)).pipe(z.uuid("must be a UUID")).optional(),
  action: z
    .string()
    .max(64, { error: "must be an action name such as profile.approve", abort: true })
    .regex(/^[a-zA-Z.-]{1,64}$/, "must be an action name such as profile.approve")
    .optional(),
  limit: z
    .string()
    .max(3, { error: limitMessage, abort: true })
    .regex(/^[0-9]{1,3}$/, limitMessage)
    .transform((value) => Number.parseInt(value, 10))
    .refine((value) => value >= 1 && value <= MAX_AUDIT_LIMIT, limitMessage)
    .default(DEFAULT_AUDIT_LIMIT),
  cursor: z.string().min(1, "Cursor missing").max(MAX_ID, tooLong(MAX_ID)).optional(),
});
export type ListAuditQuery = z.output<typeof listAuditQuery>;

/**
 * The operator's audit log, newest first. `limit` entries per page; when more follow, the next page's cursor comes
 * in `X-Next-Cursor` and a `Link: <…>; rel="next"` header, as `GET /orders` does it.
 */
export async function listAudit(options: { query: ListAuditQuery; url: URL }): Promise<Reply> {
  const { query, url } = options;
  const { entries, nextCursor } = await readAuditPage(query);
  const headers: Record<string, string> = {};
  if (nextCursor !== undefined) {
    const next = new URL(url);
    next.searchParams.set("cursor", nextCursor);
    headers["x-next-cursor"] = nextCursor;
    headers.link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return new Reply(200, { entries }, headers);
}
