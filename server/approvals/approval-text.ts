import { Prisma, type OperatorApproval } from "../generated/prisma/client.ts";
import { dataSubjectOf } from "../audit/data-subject.ts";
import {
  ERASED,
  loadSubjectKeys,
  openRecord,
  sealForSubject,
  subjectKeyFor,
  type SubjectKey,
  type SubjectKeys,
} from "../keys/subject-keys.ts";
import { APPROVAL_NOTE, APPROVAL_PAYLOAD, APPROVAL_SUMMARY } from "./approval-columns.ts";

/*
 * What a four-eyes request says (the payload that runs when approved, its summary, which may name the customer, and
 * the decider's note) is sealed at rest (C70; server/keys/sealed-value.ts): written sealed with the contexts of
 * ./approval-columns.ts, opened on every read, above all before the approved action runs (a value written before
 * sealing began reads as it is). A request about a customer (its subject belongs to a profile) is sealed under the
 * customer's own key (C71; server/keys/subject-keys.ts), so once they are erased it reads as `ERASED_PAYLOAD` and
 * `ERASED`. Approvals are found by action, subject, state and `pendingKey`, never by these.
 */

type ApprovalText = { payload: Record<string, unknown>; summary: string; note: string | null };

/** An approval as the database keeps it, with its payload, summary and note opened. */
export type OpenedApproval = Omit<OperatorApproval, keyof ApprovalText> & ApprovalText;

/** What an erased customer's request payload reads as: nothing can run from it. */
export const ERASED_PAYLOAD: Record<string, unknown> = Object.freeze({ erased: true });

const NO_KEYS: SubjectKeys = new Map();

/** The key of the customer an approval's subject belongs to, if any (made when first needed). */
export async function approvalSubjectKey(
  tx: Prisma.TransactionClient,
  subject: { type: string; id: string },
  now: Date,
): Promise<SubjectKey | undefined> {
  const about = await dataSubjectOf(tx, subject);
  return about ? subjectKeyFor(tx, about, now) : undefined;
}

/** The sealed columns of a request being recorded, under `key` (the customer's, see `approvalSubjectKey`). */
export function sealApprovalText(
  request: { payload: Record<string, Prisma.InputJsonValue>; summary: string },
  key?: SubjectKey,
): {
  payload: Prisma.InputJsonValue;
  summary: Prisma.InputJsonValue;
} {
  return {
    payload: sealForSubject(request.payload, APPROVAL_PAYLOAD, key),
    summary: sealForSubject(request.summary, APPROVAL_SUMMARY, key),
  };
}

/** The stored note: sealed (under `key`, as the request was), or none (a database NULL). */
export function approvalNoteData(
  note: string | null | undefined,
  key?: SubjectKey,
): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return note === null || note === undefined ? Prisma.DbNull : sealForSubject(note, APPROVAL_NOTE, key);
}

/** What the requester asked for, opened: what runs when a second operator approves. */
export function approvalPayload<T = Record<string, unknown>>(row: { payload: unknown }, keys = NO_KEYS): T {
  return openRecord<T>(row.payload, APPROVAL_PAYLOAD, keys, ERASED_PAYLOAD as T);
}

/** The stored values whose subject keys `approvalText` needs (`loadSubjectKeys`). */
export const approvalValues = (row: { payload: unknown; summary: unknown; note: unknown }) => [
  row.payload,
  row.summary,
  row.note,
];

/**
 * An approval's payload, summary and note, opened; `keys` holds the subject keys they are sealed under
 * (`loadSubjectKeys(tx, approvalValues(row))`), and without it only a request about no customer opens.
 */
export function approvalText(row: { payload: unknown; summary: unknown; note: unknown }, keys = NO_KEYS): ApprovalText {
  return {
    payload: approvalPayload(row, keys),
    summary: openRecord<string | null>(row.summary, APPROVAL_SUMMARY, keys, ERASED) ?? "",
    note:
      row.note === null || row.note === undefined ? null : openRecord<string>(row.note, APPROVAL_NOTE, keys, ERASED),
  };
}

/** The row with its payload, summary and note opened, the keys of the customer it is about read first. */
export async function openApproval<T extends { payload: unknown; summary: unknown; note: unknown }>(
  tx: Prisma.TransactionClient,
  row: T,
): Promise<Omit<T, keyof ApprovalText> & ApprovalText> {
  return { ...row, ...approvalText(row, await loadSubjectKeys(tx, approvalValues(row))) };
}
