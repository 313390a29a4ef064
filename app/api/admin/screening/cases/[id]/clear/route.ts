// POST /admin/screening/cases/{id}/clear — clear a case as a false positive, with the reason (audited)
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { CASE_REFUSALS, CLEAR_CASE_RESPONSES } from "@/server/screening/cases/cases.responses.ts";
import { caseDecisionSchema } from "@/server/screening/cases/cases.schemas.ts";
import { clearCase } from "@/server/screening/cases/decide-case.ts";
import { readCase } from "@/server/screening/cases/list-cases.ts";

const params = pathParams("id");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "compliance",
    { params, body: caseDecisionSchema, responses: CLEAR_CASE_RESPONSES, refusals: CASE_REFUSALS },
    async ({ params, body, operator }) => {
      await clearCase({ caseId: params.id, reason: body.reason, actor: operator });
      return readCase(params.id);
    },
  ),
});
