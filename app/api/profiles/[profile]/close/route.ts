// POST /profiles/{profile}/close — the person ends the relationship: no new orders or IBANs; retention starts (C71)
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { closeProfile } from "@/server/retention/close-profile.ts";
import { CLOSE_PROFILE } from "@/server/retention/retention.schemas.ts";

const params = pathParams("profile");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withBearer({ params, ...CLOSE_PROFILE }, ({ caller, params, body }) =>
    closeProfile({ profileId: params.profile, by: { owner: caller }, reason: body.reason, config: getConfig() }),
  ),
});
