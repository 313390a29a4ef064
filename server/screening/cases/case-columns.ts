/**
 * What a compliance case's sealed columns are sealed for (C70; server/keys/sealed-value.ts): every read and write of
 * the column seals or opens with its context, so a value sealed for one column does not open in another.
 */
/** The name or address screened (a customer's, a payer's, a payee's), or the monitoring rule's name. */
export const CASE_SUBJECT_NAME = "ComplianceCase.subjectName";
/** The subject as screened, the list entry and why it matched (names, birth dates, countries), or the alert. */
export const CASE_DETAIL = "ComplianceCase.detail";
/** The deciding officer's reason for clearing or confirming a case, which may name the subject or what they found. */
export const CASE_REASON = "ComplianceCase.reason";
/** The reason an officer gave at a step of a case's history (cleared, confirmation asked, confirmed). */
export const CASE_EVENT_NOTE = "ComplianceCaseEvent.note";
