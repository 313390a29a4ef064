// GET /profiles/{profile} — one profile with the state of each KYC section
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { getProfile } from "@/server/profiles/get-profile.ts";
import { PROFILE_READ, profileResponse } from "@/server/profiles/profile.responses.ts";

const params = pathParams("profile");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ params, responses: { 200: profileResponse }, refusals: PROFILE_READ }, ({ caller, params }) =>
    getProfile({ caller, profileId: params.profile }),
  ),
});
