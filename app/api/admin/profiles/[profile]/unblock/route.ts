// POST /admin/profiles/{profile}/unblock — lift a block; the profile's state follows its sections again
import { z } from "zod";
import { sessionUserId } from "@/app/auth";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { setBlocked } from "@/server/profiles/review-profile.ts";

const params = z.object({ profile: z.string() });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(sessionUserId, { params }, ({ params, operator }) =>
    setBlocked({ profileId: params.profile, blocked: false, operator }),
  ),
});
