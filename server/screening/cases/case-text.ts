import type { Prisma } from "../../generated/prisma/client.ts";
import { openValue, sealAtRest } from "../../keys/sealed-value.ts";
import { CASE_DETAIL, CASE_SUBJECT_NAME } from "./case-columns.ts";

/*
 * A compliance case's subject name and detail are sealed at rest (C70; server/keys/sealed-value.ts): written through
 * `sealSubjectName` / `sealCaseDetail`, read through `caseSubjectName` / `caseDetail` (a value written before sealing
 * began reads as it is). Neither is looked up, filtered or sorted on: the queue lists cases by state, kind and number.
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
