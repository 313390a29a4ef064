// POST /admin/profiles/{profile}/export — the subject access export: the customer's data and documents in one tar.gz (C71)
import { webSession } from "@/app/auth";
import { getConfig } from "@/server/config.ts";
import { withOperator } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { pathParams } from "@/server/http/path-params.ts";
import { exportProfile } from "@/server/retention/export-profile.ts";
import { EXPORT_PROFILE } from "@/server/retention/retention.schemas.ts";
import { attachmentResponse } from "@/server/http/download.ts";

const params = pathParams("profile");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: withOperator(webSession, "reviewer", { params, ...EXPORT_PROFILE }, async ({ params, operator }) => {
    const archive = await exportProfile({ profileId: params.profile, operator, config: getConfig() });
    return attachmentResponse(archive.name, "application/gzip", archive.content);
  }),
});
