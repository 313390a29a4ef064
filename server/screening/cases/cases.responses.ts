import { z } from "zod";
import { awaitingApprovalResponse } from "../../approvals/approval.responses.ts";
import type { Responses } from "../../contract/operation.ts";
import { OPERATOR_WRITE } from "../../users/operator.responses.ts";
import { CASE_KINDS, CASE_STATES } from "./cases.schemas.ts";

const when = z.iso.datetime();

export const caseResponse = z
  .object({
    id: z.uuid(),
    number: z.number().int().positive(),
    kind: z.enum(CASE_KINDS),
    state: z.enum(CASE_STATES),
    profileId: z.uuid().nullable(),
    profileName: z.string().nullable(),
    subjectKind: z.string().meta({
      description: "person, company, representative, director, beneficiary, counterpart, debtor, address, or a rule",
    }),
    subjectName: z.string().meta({ description: "The name or address screened, or the monitoring rule's name" }),
    holds: z.string().meta({ description: "What waits while it is open: approval, order, credit, address, or empty" }),
    holdsId: z.string().nullable(),
    listSource: z.string().nullable(),
    listRef: z.string().nullable(),
    score: z.number().nullable(),
    explanation: z
      .string()
      .nullable()
      .meta({ description: "A monitoring case: what the rule saw (amounts, window); null for a screening case" }),
    createdAt: when,
    decidedAt: when.nullable(),
    decidedBy: z.string().nullable(),
    reason: z.string().nullable(),
    awaitingConfirmation: z.boolean().meta({ description: "A confirmation waits for a second officer" }),
  })
  .meta({ id: "ComplianceCase" });
export type CaseView = z.infer<typeof caseResponse>;

export const caseDetailResponse = caseResponse
  .extend({
    detail: z
      .record(z.string(), z.unknown())
      .meta({ description: "The subject as screened, the list entry and the score's explanation (or the alert)" }),
    events: z.array(
      z.object({ at: when, action: z.string(), actor: z.string().nullable(), note: z.string().nullable() }),
    ),
  })
  .meta({ id: "ComplianceCaseDetail" });
export type CaseDetailView = z.infer<typeof caseDetailResponse>;

export const LIST_CASES_RESPONSES: Responses = {
  200: {
    description: "A page of cases in one state (and of one kind, if asked), oldest open first (newest decided first)",
    body: z
      .object({ cases: z.array(caseResponse), page: z.number().int(), pages: z.number().int() })
      .meta({ id: "ComplianceCaseList" }),
  },
};
export const CASE_RESPONSES: Responses = { 200: { description: "The case and its history", body: caseDetailResponse } };
export const CLEAR_CASE_RESPONSES: Responses = {
  200: { description: "Cleared as a false positive", body: caseDetailResponse },
};
export const CONFIRM_CASE_RESPONSES: Responses = { 202: awaitingApprovalResponse };
export const CASE_REFUSALS = {
  ...OPERATOR_WRITE,
  409: "The case was decided before, or its confirmation already waits",
};
export const UNFREEZE_RESPONSES: Responses = { 202: awaitingApprovalResponse };
export const UNFREEZE_REFUSALS = {
  ...OPERATOR_WRITE,
  409: "The profile is not frozen, or its unfreezing already waits",
};
