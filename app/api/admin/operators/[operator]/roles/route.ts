// POST /admin/operators/{operator}/roles — change an operator's roles (four eyes: a second admin approves)
import { webSession } from "@/app/auth";
import { awaitingApprovalResponse } from "@/server/approvals/approval.responses.ts";
import { getConfig } from "@/server/config.ts";
import { Reply } from "@/server/contract/reply.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { changeOperatorRoles } from "@/server/operators/change-operator-roles.ts";
import { CHANGE_OPERATOR_REFUSALS, operatorResponse } from "@/server/operators/operator.responses.ts";
import { operatorRolesSchema } from "@/server/operators/operators.schemas.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";

const params = pathParams("operator");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "admin",
    {
      params,
      body: operatorRolesSchema,
      responses: { 200: operatorResponse, 202: awaitingApprovalResponse },
      refusals: { ...OPERATOR_WRITE, ...CHANGE_OPERATOR_REFUSALS },
    },
    async ({ params, body, operator }) => {
      const outcome = await changeOperatorRoles({
        userId: params.operator,
        roles: body.roles,
        actor: operator,
        config: getConfig(),
      });
      // 202 while the change waits for a second admin (four eyes), 200 once made.
      return "approval" in outcome ? new Reply(202, outcome) : outcome.operator;
    },
  ),
});
