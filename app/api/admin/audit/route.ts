// GET /admin/audit — the audit log of operator actions, newest first, by subject or action, keyset-paged
import { webSession } from "@/app/auth";
import { listAudit, listAuditQuery } from "@/server/audit/list-audit.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { LIST_AUDIT_RESPONSES } from "@/server/audit/audit.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "admin", { query: listAuditQuery, responses: LIST_AUDIT_RESPONSES }, ({ query, url }) =>
    listAudit({ query, url }),
  ),
});
