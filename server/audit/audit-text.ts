import type { Prisma } from "../generated/prisma/client.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";
import { AUDIT_AFTER, AUDIT_BEFORE, AUDIT_REASON } from "./audit-columns.ts";

/*
 * What an audit entry tells of the action (the state before and after it, which may hold names and IBANs, and the
 * reason the operator typed) is sealed at rest (C70; server/keys/sealed-value.ts): written sealed by `recordAudit`
 * with the contexts of ./audit-columns.ts, opened on every read (a value written before sealing began reads as it
 * is). No value means a database NULL, as before. Nothing looks an entry up by these columns.
 */

type AuditText = { before: Prisma.JsonValue | null; after: Prisma.JsonValue | null; reason: string | null };

/** The sealed columns of an entry being recorded: only those with a value (the others stay NULL). */
export function sealAuditText(entry: {
  before?: Prisma.InputJsonValue;
  after?: Prisma.InputJsonValue;
  reason?: string | null;
}): { before?: Prisma.InputJsonValue; after?: Prisma.InputJsonValue; reason?: Prisma.InputJsonValue } {
  return {
    ...(entry.before !== undefined ? { before: sealAtRest(entry.before, AUDIT_BEFORE) } : {}),
    ...(entry.after !== undefined ? { after: sealAtRest(entry.after, AUDIT_AFTER) } : {}),
    ...(entry.reason !== undefined && entry.reason !== null ? { reason: sealAtRest(entry.reason, AUDIT_REASON) } : {}),
  };
}

const open = <T>(stored: unknown, context: string): T | null =>
  stored === null || stored === undefined ? null : openValue<T>(stored, context);

/** An entry's state before and after, and its reason, opened. */
export function auditText(row: { before: unknown; after: unknown; reason: unknown }): AuditText {
  return {
    before: open<Prisma.JsonValue>(row.before, AUDIT_BEFORE),
    after: open<Prisma.JsonValue>(row.after, AUDIT_AFTER),
    reason: open<string>(row.reason, AUDIT_REASON),
  };
}

/** The row with its state before and after, and its reason, opened. */
export function openAuditEntry<T extends { before: unknown; after: unknown; reason: unknown }>(
  row: T,
): Omit<T, keyof AuditText> & AuditText {
  return { ...row, ...auditText(row) };
}
