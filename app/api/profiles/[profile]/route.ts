// GET /profiles/{profile} — one profile with the state of each KYC section
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { getProfile } from "@/server/profiles/get-profile.ts";

const params = pathParams("profile");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withBearer({ params }, ({ caller, params }) => getProfile({ caller, profileId: params.profile })),
});
