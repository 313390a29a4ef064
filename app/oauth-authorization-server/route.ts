// GET /.well-known/oauth-authorization-server (rewritten here by next.config.mjs) — RFC 8414 metadata of the OAuth server
import { getConfig } from "@/server/config";
import { jsonResponse } from "@/server/http/respond";
import { authorizationServerMetadata } from "@/server/oauth/issuer";

// The issuer and endpoints come from this instance's configuration, read at start, not at build.
export const dynamic = "force-dynamic";

export function GET(): Response {
  // Public, like the document it describes: browser apps discover the server too.
  return jsonResponse(200, authorizationServerMetadata(getConfig()), {
    "access-control-allow-origin": "*",
    "cache-control": "public, max-age=3600",
  });
}
