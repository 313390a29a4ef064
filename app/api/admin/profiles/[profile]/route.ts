// GET /admin/profiles/{profile} — everything a profile submitted, with its documents, for review
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { reviewItemResponse } from "@/server/profiles/review.responses.ts";
import { reviewItem } from "@/server/profiles/review-profile.ts";

const params = pathParams("profile");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "reviewer", { params, responses: { 200: reviewItemResponse } }, ({ params }) =>
    reviewItem(params.profile),
  ),
});
