// GET /auth (query) and POST /auth (form) — start the authorization-code flow
import { getConfig } from "@/server/config.ts";
import { browserResponse } from "@/server/http/browser.ts";
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { authorizeRequestSchema } from "@/server/oauth/authorize.schemas.ts";
import { startAuthorization } from "@/server/oauth/start-authorization.ts";

const start = (request: Parameters<typeof startAuthorization>[0]["request"]) =>
  startAuthorization({ request, config: getConfig() }).then(browserResponse);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withPublic({ query: authorizeRequestSchema, accept: false }, ({ query }) => start(query)),
  POST: withPublic({ body: authorizeRequestSchema, bodyKind: "form", accept: false }, ({ body }) => start(body)),
});
