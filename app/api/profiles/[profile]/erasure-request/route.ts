// POST /profiles/{profile}/erasure-request — the person asks for their data to be erased: at once, or when the law lets us (C71)
import { getConfig } from "@/server/config.ts";
import { withBearer } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { requestErasure } from "@/server/retention/request-erasure.ts";
import { ERASURE_REQUEST } from "@/server/retention/retention.schemas.ts";

const params = pathParams("profile");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withBearer({ params, ...ERASURE_REQUEST }, ({ caller, params, body }) =>
    requestErasure({ profileId: params.profile, by: { owner: caller }, reason: body.reason, config: getConfig() }),
  ),
});
