// GET /admin/profiles — the operator's review queue: profiles with a section awaiting review
import { webSession } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { reviewQueueResponse } from "@/server/profiles/review.responses.ts";
import { listAwaitingReview } from "@/server/profiles/review-profile.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withOperator(webSession, "reviewer", { responses: { 200: reviewQueueResponse } }, () => listAwaitingReview()),
});
