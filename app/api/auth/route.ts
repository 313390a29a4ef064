// GET /auth (query) and POST /auth (form) — start the authorization-code flow
import { getConfig } from "@/server/config.ts";
import { browserResponse } from "@/server/http/browser.ts";
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { authorizeRequestSchema } from "@/server/oauth/authorize.schemas.ts";
import { startAuthorization } from "@/server/oauth/start-authorization.ts";
import { AUTHORIZE } from "@/server/oauth/authorize.responses.ts";

const start = (request: Parameters<typeof startAuthorization>[0]["request"], req: Request) =>
  startAuthorization({ request, config: getConfig() }).then((outcome) =>
    browserResponse(outcome, req.headers.get("accept")),
  );

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: withPublic({ query: authorizeRequestSchema, ...AUTHORIZE }, ({ query, req }) => start(query, req)),
  POST: withPublic({ body: authorizeRequestSchema, bodyKind: "form", ...AUTHORIZE }, ({ body, req }) =>
    start(body, req),
  ),
});
