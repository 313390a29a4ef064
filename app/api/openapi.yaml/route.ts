// GET /openapi.yaml — the same OpenAPI 3.1 document as /openapi.json, in YAML
import { getConfig } from "@/server/config.ts";
import { withPublic } from "@/server/http/callers.ts";
import { methods } from "@/server/http/methods.ts";
import { servedYaml } from "@/server/http/openapi/served-document.ts";
import { YAML_DOCUMENT } from "@/server/instance/service.responses.ts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  {
    GET: withPublic({ accept: false, responses: { 200: YAML_DOCUMENT } }, () =>
      Promise.resolve(
        new Response(servedYaml(getConfig()), { headers: { "content-type": "application/yaml; charset=utf-8" } }),
      ),
    ),
  },
  { cors: true },
);
