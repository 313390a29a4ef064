// GET /openapi.json — the API's OpenAPI 3.1 document, generated from the schemas the route handlers parse with
import { getConfig } from "@/server/config.ts";
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { servedDocument } from "@/server/http/openapi/served-document.ts";
import { openApiResponse } from "@/server/instance/service.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    GET: withPublic({ accept: false, responses: { 200: openApiResponse } }, () =>
      Promise.resolve(servedDocument(getConfig())),
    ),
  },
  { cors: true },
);
