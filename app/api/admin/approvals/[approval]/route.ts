// POST /admin/approvals/{approval} — approve (the action runs, as the approver's) or decline another operator's request
import { webSession } from "@/app/auth";
import { approvalResponse, DECIDE_APPROVAL_REFUSALS } from "@/server/approvals/approval.responses.ts";
import { decideApprovalSchema } from "@/server/approvals/approval.schemas.ts";
import { decideApproval } from "@/server/approvals/decide-approval.ts";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { ANY_OPERATOR } from "@/server/operators/operator-roles.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

const params = pathParams("approval");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // The role is the action's (a treasurer approves money, an admin roles): checked by the domain, per approval.
  POST: withOperator(
    webSession,
    ANY_OPERATOR,
    {
      params,
      body: decideApprovalSchema,
      responses: { 200: approvalResponse },
      refusals: { ...OPERATOR_WRITE, ...DECIDE_APPROVAL_REFUSALS },
    },
    async ({ params, body, operator }) =>
      (
        await decideApproval({
          approvalId: params.approval,
          decision: body.decision,
          note: body.note,
          actor: operator,
          config: getConfig(),
        })
      ).approval,
  ),
});
