import { Prisma, type OperatorApproval } from "../generated/prisma/client.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";
import { APPROVAL_NOTE, APPROVAL_PAYLOAD, APPROVAL_SUMMARY } from "./approval-columns.ts";

/*
 * What a four-eyes request says (the payload that runs when approved, its summary, which may name the customer, and
 * the decider's note) is sealed at rest (C70; server/keys/sealed-value.ts): written sealed with the contexts of
 * ./approval-columns.ts, opened on every read, above all before the approved action runs (a value written before
 * sealing began reads as it is). Approvals are found by action, subject, state and `pendingKey`, never by these.
 */

type ApprovalText = { payload: Record<string, unknown>; summary: string; note: string | null };

/** An approval as the database keeps it, with its payload, summary and note opened. */
export type OpenedApproval = Omit<OperatorApproval, keyof ApprovalText> & ApprovalText;

/** The sealed columns of a request being recorded. */
export function sealApprovalText(request: { payload: Record<string, Prisma.InputJsonValue>; summary: string }): {
  payload: Prisma.InputJsonValue;
  summary: Prisma.InputJsonValue;
} {
  return {
    payload: sealAtRest(request.payload, APPROVAL_PAYLOAD),
    summary: sealAtRest(request.summary, APPROVAL_SUMMARY),
  };
}

/** The stored note: sealed, or none (a database NULL). */
export function approvalNoteData(note: string | null | undefined): Prisma.InputJsonValue | typeof Prisma.DbNull {
  return note === null || note === undefined ? Prisma.DbNull : sealAtRest(note, APPROVAL_NOTE);
}

/** What the requester asked for, opened: what runs when a second operator approves. */
export function approvalPayload<T = Record<string, unknown>>(row: { payload: unknown }): T {
  return openValue<T>(row.payload, APPROVAL_PAYLOAD);
}

/** An approval's payload, summary and note, opened. */
export function approvalText(row: { payload: unknown; summary: unknown; note: unknown }): ApprovalText {
  return {
    payload: approvalPayload(row),
    summary: openValue<string | null>(row.summary, APPROVAL_SUMMARY) ?? "",
    note: row.note === null || row.note === undefined ? null : openValue<string>(row.note, APPROVAL_NOTE),
  };
}

/** The row with its payload, summary and note opened. */
export function openApproval<T extends { payload: unknown; summary: unknown; note: unknown }>(
  row: T,
): Omit<T, keyof ApprovalText> & ApprovalText {
  return { ...row, ...approvalText(row) };
}
