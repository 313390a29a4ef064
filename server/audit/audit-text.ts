import type { Prisma } from "../generated/prisma/client.ts";
import {
  ERASED,
  loadSubjectKeys,
  openRecord,
  sealForSubject,
  type SubjectKey,
  type SubjectKeys,
} from "../keys/subject-keys.ts";
import { AUDIT_AFTER, AUDIT_BEFORE, AUDIT_REASON } from "./audit-columns.ts";

/*
 * What an audit entry tells of the action (the state before and after it, which may hold names and IBANs, and the
 * reason the operator typed) is sealed at rest (C70; server/keys/sealed-value.ts): written sealed by `recordAudit`
 * with the contexts of ./audit-columns.ts, opened on every read (a value written before sealing began reads as it
 * is). An entry about a customer is sealed under the customer's own key (C71; server/keys/subject-keys.ts): once
 * they are erased, it reads as `ERASED_STATE` and `ERASED`. No value means a database NULL, as before. Nothing
 * looks an entry up by these columns.
 */

type AuditText = { before: Prisma.JsonValue | null; after: Prisma.JsonValue | null; reason: string | null };

/** What an erased customer's state before or after an action reads as. */
export const ERASED_STATE: Prisma.JsonObject = Object.freeze({ erased: true });

const NO_KEYS: SubjectKeys = new Map();

/**
 * The sealed columns of an entry being recorded: only those with a value (the others stay NULL), under the key of
 * the customer the entry is about, if any.
 */
export function sealAuditText(
  entry: {
    before?: Prisma.InputJsonValue;
    after?: Prisma.InputJsonValue;
    reason?: string | null;
  },
  key?: SubjectKey,
): { before?: Prisma.InputJsonValue; after?: Prisma.InputJsonValue; reason?: Prisma.InputJsonValue } {
  return {
    ...(entry.before !== undefined ? { before: sealForSubject(entry.before, AUDIT_BEFORE, key) } : {}),
    ...(entry.after !== undefined ? { after: sealForSubject(entry.after, AUDIT_AFTER, key) } : {}),
    ...(entry.reason !== undefined && entry.reason !== null
      ? { reason: sealForSubject(entry.reason, AUDIT_REASON, key) }
      : {}),
  };
}

const open = <T>(stored: unknown, context: string, keys: SubjectKeys, erased: T): T | null =>
  stored === null || stored === undefined ? null : openRecord<T>(stored, context, keys, erased);

/** The stored values whose subject keys `auditText` needs (`loadSubjectKeys`). */
export const auditValues = (row: { before: unknown; after: unknown; reason: unknown }) => [
  row.before,
  row.after,
  row.reason,
];

/**
 * An entry's state before and after, and its reason, opened; `keys` holds the subject keys they are sealed under
 * (`loadSubjectKeys(tx, auditValues(row))`), and without it only an entry about no customer opens.
 */
export function auditText(
  row: { before: unknown; after: unknown; reason: unknown },
  keys: SubjectKeys = NO_KEYS,
): AuditText {
  return {
    before: open<Prisma.JsonValue>(row.before, AUDIT_BEFORE, keys, ERASED_STATE),
    after: open<Prisma.JsonValue>(row.after, AUDIT_AFTER, keys, ERASED_STATE),
    reason: open<string>(row.reason, AUDIT_REASON, keys, ERASED),
  };
}

/** The row with its state before and after, and its reason, opened: an entry about no customer. */
export function openAuditEntry<T extends { before: unknown; after: unknown; reason: unknown }>(
  row: T,
): Omit<T, keyof AuditText> & AuditText {
  return { ...row, ...auditText(row) };
}

/** The rows opened, with the keys of the customers they are about read first (an erased one's read as erased). */
export async function openAuditEntries<T extends { before: unknown; after: unknown; reason: unknown }>(
  tx: Prisma.TransactionClient,
  rows: T[],
): Promise<(Omit<T, keyof AuditText> & AuditText)[]> {
  const keys = await loadSubjectKeys(tx, rows.flatMap(auditValues));
  return rows.map((row) => ({ ...row, ...auditText(row, keys) }));
}
