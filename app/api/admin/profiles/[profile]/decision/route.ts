// POST /admin/profiles/{profile}/decision — approve or reject a pending section, or every pending section
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { profileResponse } from "@/server/profiles/profile.responses.ts";
import { DECISION_REFUSALS } from "@/server/profiles/review.responses.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";
import { decide } from "@/server/profiles/review-profile.ts";
import { decisionSchema } from "@/server/profiles/review.schemas.ts";

const params = pathParams("profile");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "reviewer",
    {
      params,
      body: decisionSchema,
      responses: { 200: profileResponse },
      refusals: { ...OPERATOR_WRITE, ...DECISION_REFUSALS },
    },
    ({ params, body, operator }) => decide({ profileId: params.profile, decision: body, operator }),
  ),
});
