/**
 * What an audit entry's state before and after the action and the operator's reason are sealed for
 * (server/keys/sealed-value.ts): every read and write of these columns seals or opens them with these contexts
 * (./audit-text.ts). Who acted on what (`actorEmail`, `action`, `subjectType`, `subjectId`) stays plain.
 */
export const AUDIT_BEFORE = "AuditEntry.before";
export const AUDIT_AFTER = "AuditEntry.after";
export const AUDIT_REASON = "AuditEntry.reason";
