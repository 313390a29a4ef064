import { z } from "zod";
import type { Responses } from "../contract/operation.ts";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES } from "./record-audit.ts";

const state = z
  .record(z.string(), z.unknown())
  .nullable()
  .meta({ description: "What the action changed, as it was (or became); null when nothing is recorded" });

/** One operator action, as the audit log keeps it. */
export const auditEntryResponse = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    actor: z
      .object({
        id: z.uuid(),
        email: z.string().meta({
          description:
            "The operator's e-mail as it was when they acted; `system` for the instance's own jobs (the erasure after retention), `customer` for a customer acting on their own profile (C71)",
        }),
      })
      .meta({ description: "The operator" }),
    action: z.enum(AUDIT_ACTIONS),
    subject: z.object({ type: z.enum(AUDIT_SUBJECT_TYPES), id: z.uuid() }),
    before: state,
    after: state,
    reason: z.string().nullable(),
    requestId: z.string().nullable().meta({ description: "The request that carried the action, to match the logs" }),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntryView = z.input<typeof auditEntryResponse>;

/** `GET /admin/audit`: one page, newest first, and where the next one is when more follow. */
export const LIST_AUDIT_RESPONSES: Responses = {
  200: {
    description: "A page of the audit log, newest first",
    body: z.object({ entries: z.array(auditEntryResponse) }).meta({ id: "AuditPage" }),
    headers: {
      "x-next-cursor": "The `cursor` of the next page, when more entries follow",
      link: 'The next page as `<…>; rel="next"`, when more entries follow',
    },
  },
};
