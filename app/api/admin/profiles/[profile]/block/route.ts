// POST /admin/profiles/{profile}/block — stop all submissions and services for a profile, with a reason
import { sessionUserId } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { setBlocked } from "@/server/profiles/review-profile.ts";
import { blockSchema } from "@/server/profiles/review.schemas.ts";

const params = pathParams("profile");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(sessionUserId, { params, body: blockSchema }, ({ params, body, operator }) =>
    setBlocked({ profileId: params.profile, blocked: true, reason: body.reason, operator }),
  ),
});
