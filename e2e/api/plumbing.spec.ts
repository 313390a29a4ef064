import { expect, test } from "../fixtures/contract-test.ts";
import { api, jsonOf, V2 } from "../fixtures/api.ts";

test.describe("API plumbing", () => {
  test("C28: a path that is not valid percent-encoding is 400 in the spec's body, never a 500", async ({ request }) => {
    for (const path of ["/ibans/%ZZ", "/profiles/%E0%A4%A", "/files/%", "/addresses/%G0"]) {
      const res = await request.get(api(path));
      expect(res.status(), path).toBe(400);
      expect(await jsonOf(res)).toEqual({
        code: 400,
        status: "Bad Request",
        message: "The path is not valid percent-encoding",
      });
    }
  });

  test("unknown paths under the API answer 404 in the spec's error body", async ({ request }) => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await request.fetch(api("/no/such/thing"), { method });
      expect(res.status()).toBe(404);
      expect(await jsonOf(res)).toEqual({
        code: 404,
        status: "Not Found",
        message: `No such endpoint: ${method} /api/no/such/thing`,
      });
    }
  });

  test("a method the route does not offer answers 405 with Allow and the error body", async ({ request }) => {
    const res = await request.delete(api("/tokens"));
    expect(res.status()).toBe(405);
    expect(res.headers()["allow"]).toBe("GET, HEAD");
    expect(await jsonOf(res)).toEqual({
      code: 405,
      status: "Method Not Allowed",
      message: "Method DELETE is not allowed here; use GET, HEAD",
    });
    const token = await request.put(api("/auth/token"));
    expect(token.status()).toBe(405);
    expect(token.headers()["allow"]).toBe("GET, POST, HEAD");
    const options = await request.fetch(api("/auth/token"), { method: "OPTIONS" });
    expect(options.status()).toBe(204);
    expect(options.headers()["allow"]).toBe("GET, POST, HEAD");
  });

  for (const [title, accept, status] of [
    ["our vendor's v2 media type", "application/vnd.tokenrail.api-v2+json", 200],
    ["the real service's v2 media type", V2, 200],
    ["plain JSON", "application/json", 200],
    ["any type", "*/*", 200],
    ["a browser's Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", 200],
    [
      "v2 listed after an unknown version",
      "application/vnd.tokenrail.api-v3+json, application/vnd.tokenrail.api-v2+json",
      200,
    ],
    ["version 1", "application/vnd.tokenrail.api-v1+json", 406],
    ["another vendor", "application/vnd.acme.api-v2+json", 406],
    ["v2 refused with q=0", "application/vnd.tokenrail.api-v2+json;q=0", 406],
  ] as const) {
    test(`C28: Accept ${title} → ${status}`, async ({ request }) => {
      const res = await request.get(api("/tokens"), { headers: { accept } });
      expect(res.status()).toBe(status);
      if (status === 406) expect(await jsonOf(res)).toMatchObject({ code: 406, status: "Not Acceptable" });
    });
  }

  test("every response carries a request id; a caller's safe id is kept", async ({ request }) => {
    const fresh = await request.get(api("/tokens"));
    expect(fresh.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request.get(api("/no/such/thing"), { headers: { "x-request-id": "trace-1234-abcd" } });
    expect(kept.headers()["x-request-id"]).toBe("trace-1234-abcd");
    const replaced = await request.get(api("/tokens"), { headers: { "x-request-id": "bad id\twith spaces" } });
    expect(replaced.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("browser apps may call the token endpoint, the token list and the context cross-origin (CORS)", async ({
    request,
  }) => {
    for (const path of ["/auth/token", "/tokens", "/auth/context"]) {
      const preflight = await request.fetch(api(path), {
        method: "OPTIONS",
        headers: {
          origin: "http://localhost:5173",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type",
        },
      });
      expect(preflight.status()).toBe(204);
      expect(preflight.headers()["access-control-allow-origin"]).toBe("*");
      expect(preflight.headers()["access-control-allow-headers"]).toContain("authorization");
    }
    const res = await request.get(api("/tokens"), { headers: { origin: "http://localhost:5173" } });
    expect(res.headers()["access-control-allow-origin"]).toBe("*");
  });

  test("the liveness probe answers without touching the API", async ({ request }) => {
    const res = await request.get("/livez");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
