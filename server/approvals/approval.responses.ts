import { z } from "zod";

export const APPROVAL_ACTIONS = [
  "order.process",
  "bank.exception.return",
  "operator.roles",
  "case.confirm",
  "profile.unfreeze",
  "mint.release",
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];
export const APPROVAL_SUBJECTS = ["order", "bank-entry", "operator", "compliance-case", "profile"] as const;
export type ApprovalSubject = (typeof APPROVAL_SUBJECTS)[number];

const person = z.object({ id: z.uuid(), email: z.string() });

/** An action one operator asked for that waits for (or was decided by) a second operator (C59). */
export const approvalResponse = z
  .object({
    id: z.uuid(),
    action: z.enum(APPROVAL_ACTIONS),
    subject: z.object({ type: z.enum(APPROVAL_SUBJECTS), id: z.uuid() }),
    summary: z.string().meta({ description: "What is asked for, in words" }),
    payload: z.record(z.string(), z.unknown()).meta({ description: "What runs when approved, as it was asked" }),
    state: z.enum(["pending", "approved", "rejected"]),
    requestedBy: person,
    requestedAt: z.iso.datetime(),
    decidedBy: person.nullable(),
    decidedAt: z.iso.datetime().nullable(),
    note: z.string().nullable(),
  })
  .meta({ id: "Approval" });
export type ApprovalView = z.input<typeof approvalResponse>;

/** What an operator's action answers when it waits for a second operator: 202 with the approval. */
export const awaitingApprovalResponse = z
  .object({ approval: approvalResponse })
  .meta({ id: "AwaitingApproval", description: "The action waits for a second operator's approval (four eyes)" });

export const approvalListResponse = z.object({ approvals: z.array(approvalResponse) }).meta({ id: "ApprovalList" });

/** The refusals of deciding on an approval. */
export const DECIDE_APPROVAL_REFUSALS = {
  403: "The operator asked for it themselves, or their role does not cover the action",
  409: "Decided before, or the action can no longer run (e.g. the order was settled meanwhile)",
};
