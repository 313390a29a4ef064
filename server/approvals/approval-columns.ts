/**
 * What an approval's payload (what runs when a second operator approves), summary and note are sealed for
 * (server/keys/sealed-value.ts): every read and write of these columns seals or opens them with these contexts
 * (./approval-text.ts). The action, its subject and `pendingKey` (one waiting request per action and subject) stay
 * plain: they are what approvals are found by.
 */
export const APPROVAL_PAYLOAD = "OperatorApproval.payload";
export const APPROVAL_SUMMARY = "OperatorApproval.summary";
export const APPROVAL_NOTE = "OperatorApproval.note";
