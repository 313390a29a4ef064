// GET /admin/operators — every operator with their roles, whether enabled, and when last seen; POST — invite one
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { listOperators } from "@/server/operators/list-operators.ts";
import { inviteOperatorByAdmin } from "@/server/operators/invite-operator-by-admin.ts";
import { operatorListResponse, sentInvitationResponse } from "@/server/operators/operator.responses.ts";
import { inviteOperatorSchema } from "@/server/operators/operators.schemas.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";
import { getConfig } from "@/server/config.ts";
import { Reply } from "@/server/contract/reply.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "admin", { responses: { 200: operatorListResponse } }, () => listOperators()),
  POST: withOperator(
    webSession,
    "admin",
    { body: inviteOperatorSchema, responses: { 201: sentInvitationResponse }, refusals: OPERATOR_WRITE },
    async ({ body, operator }) =>
      new Reply(201, await inviteOperatorByAdmin({ invitation: body, actor: operator, config: getConfig() })),
  ),
});
