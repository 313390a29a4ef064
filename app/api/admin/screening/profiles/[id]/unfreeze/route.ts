// POST /admin/screening/profiles/{id}/unfreeze — lift a confirmed hit's freeze, once a second officer approves
import { webSession } from "@/app/auth";
import { Reply } from "@/server/contract/reply.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { UNFREEZE_REFUSALS, UNFREEZE_RESPONSES } from "@/server/screening/cases/cases.responses.ts";
import { caseDecisionSchema } from "@/server/screening/cases/cases.schemas.ts";
import { requestUnfreeze } from "@/server/screening/cases/decide-case.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "compliance",
    { params, body: caseDecisionSchema, responses: UNFREEZE_RESPONSES, refusals: UNFREEZE_REFUSALS },
    async ({ params, body, operator }) =>
      new Reply(202, {
        approval: await requestUnfreeze({ profileId: params.id, reason: body.reason, actor: operator }),
      }),
  ),
});
