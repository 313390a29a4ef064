// POST /admin/profiles/{profile}/unblock — lift a block; the profile's state follows its sections again
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { profileResponse } from "@/server/profiles/profile.responses.ts";
import { BLOCK_REFUSALS } from "@/server/profiles/review.responses.ts";
import { OPERATOR_WRITE } from "@/server/users/operator.responses.ts";
import { setBlocked } from "@/server/profiles/review-profile.ts";

const params = pathParams("profile");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(
    webSession,
    "reviewer",
    { params, responses: { 200: profileResponse }, refusals: { ...OPERATOR_WRITE, ...BLOCK_REFUSALS } },
    ({ params, operator }) => setBlocked({ profileId: params.profile, blocked: false, operator }),
  ),
});
