// GET /admin/approvals — actions awaiting a second operator (four eyes), or those decided
import { webSession } from "@/app/auth";
import { approvalListResponse } from "@/server/approvals/approval.responses.ts";
import { listApprovalsQuery } from "@/server/approvals/approval.schemas.ts";
import { listApprovals } from "@/server/approvals/list-approvals.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { ANY_OPERATOR } from "@/server/operators/operator-roles.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // Every operator sees what waits; deciding needs the role of each action.
  GET: withOperator(
    webSession,
    ANY_OPERATOR,
    { query: listApprovalsQuery, responses: { 200: approvalListResponse } },
    ({ query }) => listApprovals(query),
  ),
});
