// GET /applications/{id}/logo — an application's logo, public: shown on the consent screen before anyone signs in
import { readApplicationLogo } from "@/server/applications/read-application-logo";
import { withPublic } from "@/server/http/callers";
import { methods } from "@/server/http/methods";
import { getConfig } from "@/server/config";
import { pathParams } from "@/server/http/path-params";

const params = pathParams("application");

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withPublic({ params, accept: false }, async ({ params }) => {
    const logo = await readApplicationLogo({ applicationId: params.application, config: getConfig() });
    return new Response(logo.content, {
      headers: {
        "content-type": logo.type,
        "content-length": String(logo.size),
        "x-content-type-options": "nosniff",
        // An image, never a document: no script, no plugins, even if opened on its own.
        "content-security-policy": "default-src 'none'; sandbox",
        // The page asks with the logo's File id in the query, so a new logo is a new URL.
        "cache-control": "public, max-age=3600",
      },
    });
  }),
});
