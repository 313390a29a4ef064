import type { Prisma } from "../../generated/prisma/client.ts";
import { openValue, sealAtRest } from "../../keys/sealed-value.ts";
import { CASE_DETAIL, CASE_EVENT_NOTE, CASE_REASON, CASE_SUBJECT_NAME } from "./case-columns.ts";

/*
 * A compliance case's subject name, detail and decision reason, and its history's notes, are sealed at rest (C70;
 * server/keys/sealed-value.ts): written through `sealSubjectName` / `sealCaseDetail` / `sealCaseReason` /
 * `sealEventNote`, read through `caseSubjectName` / `caseDetail` / `caseReason` / `eventNote` (a value written before
 * sealing began reads as it is). None is looked up, filtered or sorted on: the queue lists cases by state, kind and
 * number.
 */

/** The name or address screened (or the monitoring rule's name) as the database keeps it. */
export function sealSubjectName(name: string): Prisma.InputJsonValue {
  return sealAtRest(name, CASE_SUBJECT_NAME);
}

/** The hit (the subject as screened, the list entry, the explanation) or the alert as the database keeps it. */
export function sealCaseDetail(detail: Prisma.InputJsonObject): Prisma.InputJsonValue {
  return sealAtRest(detail, CASE_DETAIL);
}

/** The name or address screened (or the rule's name), opened. */
export function caseSubjectName(row: { subjectName: unknown }): string {
  return openValue<string>(row.subjectName, CASE_SUBJECT_NAME);
}

/** The hit or the alert, opened (empty once its profile is erased). */
export function caseDetail(row: { detail: unknown }): Record<string, unknown> {
  return openValue<Record<string, unknown>>(row.detail, CASE_DETAIL);
}

/** The deciding officer's reason as the database keeps it. */
export function sealCaseReason(reason: string): Prisma.InputJsonValue {
  return sealAtRest(reason, CASE_REASON);
}

/** The deciding officer's reason, opened; null while the case is undecided (or once its profile is erased). */
export function caseReason(row: { reason: unknown }): string | null {
  if (row.reason === null || row.reason === undefined) return null;
  return openValue<string>(row.reason, CASE_REASON);
}

/** An officer's reason at a step of the case's history as the database keeps it. */
export function sealEventNote(note: string): Prisma.InputJsonValue {
  return sealAtRest(note, CASE_EVENT_NOTE);
}

/** The reason given at a step of the case's history, opened; null for a step without one. */
export function eventNote(event: { note: unknown }): string | null {
  if (event.note === null || event.note === undefined) return null;
  return openValue<string>(event.note, CASE_EVENT_NOTE);
}
