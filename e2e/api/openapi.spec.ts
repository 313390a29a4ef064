import { Validator } from "@seriousme/openapi-schema-validator";
import { expect, test } from "../fixtures/contract-test.ts";
import YAML from "yaml";
import { API_ROUTES } from "../../server/http/api-routes.generated.ts";
import { api, server } from "../fixtures/api.ts";

type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
};

test("issue 18: {base_url}/openapi.json is a valid OpenAPI 3.1 document covering every route and method under app/api", async ({
  request,
}) => {
  const res = await request.get(api("/openapi.json"));
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/json/);
  const document = (await res.json()) as Document;
  expect(document.openapi).toBe("3.1.0");
  expect(document.servers).toEqual([{ url: server.baseUrl }]);

  const validator = new Validator();
  const result = await validator.validate(document);
  expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2_000)).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");

  const documented = Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
  const routes = API_ROUTES.flatMap((route) =>
    route.allow
      .split(", ")
      .filter((method) => method !== "HEAD")
      .map((method) => `${method} ${route.pattern.replace(/\[([^\]]+)\]/g, "{$1}")}`),
  ).sort();
  expect(documented).toEqual(routes);
});

test("issue 18: {base_url}/openapi.yaml is the same document in YAML", async ({ request }) => {
  const [json, yaml] = await Promise.all([request.get(api("/openapi.json")), request.get(api("/openapi.yaml"))]);
  expect(yaml.status()).toBe(200);
  expect(yaml.headers()["content-type"]).toMatch(/^application\/yaml/);
  expect(YAML.parse(await yaml.text())).toEqual(await json.json());
});
