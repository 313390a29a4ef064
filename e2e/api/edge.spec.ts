import http from "node:http";
import { expect, test } from "../fixtures/contract-test.ts";
import { api, server, V2 } from "../fixtures/api.ts";
import { signedUpProfile } from "../fixtures/customer.ts";
import { V4_PERSONAL_DETAILS } from "../fixtures/kyc-bodies.ts";

/**
 * The rules every request meets before its route (server/http/edge.ts, server/http/body.ts): bytes the database
 * cannot store, and methods nothing implements. Sent raw with node:http: fetch clients refuse TRACE themselves.
 */
function raw(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(`${server.appUrl}${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

const reason: Record<number, string> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
};

function expectErrorBody(res: { status: number; headers: http.IncomingHttpHeaders; body: string }, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as { code: number; status: string; message: string };
  expect(body).toMatchObject({ code: status, status: reason[status] });
  expect(typeof body.message).toBe("string");
  return body;
}

test.describe("C41: methods no route implements", () => {
  // Each route's own OPTIONS answer says what it implements; a screen answers GET and its forms POST.
  const routes = [
    { path: "/api/webhooks/abc", allow: "GET, PUT, PATCH, DELETE, HEAD" },
    { path: "/api/orders" },
    { path: "/api/auth/token" },
    { path: "/api" },
    { path: "/api/profiles/p1/details", allow: "PUT, PATCH" },
    { path: "/sign-in", allow: "GET, HEAD, POST" },
  ];
  for (const method of ["TRACE", "PROPFIND", "MKCOL", "COPY", "LOCK", "SEARCH"]) {
    test(`C41: ${method} → 405 with the error body and the route's Allow`, async () => {
      for (const route of routes) {
        const path = route.path;
        const allow = route.allow ?? (await raw("OPTIONS", path)).headers.allow;
        expect(allow, path).toBeTruthy();
        const res = await raw(method, path, { headers: { authorization: "Bearer nothing", accept: V2 } });
        const body = expectErrorBody(res, 405);
        expect(res.headers.allow, path).toBe(allow);
        expect(body.message).toBe(`Method ${method} is not allowed here; use ${allow}`);
        expect(res.headers["x-request-id"]).toBeTruthy();
      }
    });
  }

  test("C41: the admin API and paths without a route answer 404 to unknown methods, as to every other", async () => {
    for (const path of ["/api/admin/profiles", "/api/admin/orders/x/process", "/api/no/such/thing"]) {
      for (const method of ["TRACE", "PROPFIND"]) expectErrorBody(await raw(method, path), 404);
    }
  });
});

test.describe("C40: bytes the database cannot store", () => {
  test("C40: NUL or a lone surrogate in a path segment → 400 with the error body, with or without a token", async ({
    request,
  }) => {
    const { partner } = await signedUpProfile(request);
    for (const headers of [{ accept: V2 }, partner]) {
      for (const path of ["/api/ibans/DE%00", "/api/profiles/%00", "/api/orders/%ED%A0%80", "/api/addresses/0x%00"]) {
        for (const method of ["GET", "POST", "DELETE"]) {
          const body = expectErrorBody(await raw(method, path, { headers }), 400);
          expect(body.message).toMatch(/NUL character|percent-encoding/);
        }
      }
    }
    // Screens meet the same rule.
    expectErrorBody(await raw("GET", "/authorize?request=%00"), 400);
  });

  test("C40: NUL in a query value → 400; an encoded percent sign followed by 00 is ordinary text", async ({
    request,
  }) => {
    const { partner, profile } = await signedUpProfile(request);
    const nul = expectErrorBody(await raw("GET", `/api/orders?profile=${profile}%00`, { headers: partner }), 400);
    expect(nul.message).toBe("The query contains a NUL character");
    const plain = await request.get(api(`/orders?profile=${profile}&memo=100%2500ff`), { headers: partner });
    expect(plain.status(), await plain.text()).toBe(200);
  });

  test("C40: NUL or lone surrogates in JSON strings and keys → 400 naming the field; nothing is stored", async ({
    request,
  }) => {
    const { partner, profile } = await signedUpProfile(request);
    const cases: [string, string][] = [
      ["personal.firstName", `"Ja\\u0000ne"`],
      ["personal.firstName", `"\\ud800"`],
      ["personal.lastName", `"Doe\\udc00"`],
    ];
    for (const [field, json] of cases) {
      const key = field.split(".")[1]!;
      const text = JSON.stringify(V4_PERSONAL_DETAILS).replace(new RegExp(`"${key}":"[^"]*"`), `"${key}":${json}`);
      const res = await request.patch(api(`/profiles/${profile}/details`), {
        headers: { ...partner, "content-type": "application/json" },
        data: text,
      });
      expect(res.status(), json).toBe(400);
      expect(await res.json()).toEqual({
        code: 400,
        status: "Bad Request",
        message: "Validation errors",
        errors: { [field]: "must not contain NUL characters or unpaired surrogates" },
      });
    }
    const key = await request.post(api(`/addresses`), {
      headers: { ...partner, "content-type": "application/json" },
      data: `{"profile":"${profile}","a\\u0000":1}`,
    });
    expect(key.status()).toBe(400);
    const details = await request.get(api(`/profiles/${profile}`), { headers: partner });
    expect(((await details.json()) as { details?: { state?: string } }).details?.state).not.toBe("pending");
  });

  test("C40: NUL in a form body at the token endpoint → 400 with RFC 6749 fields", async ({ request }) => {
    const res = await request.post(api("/auth/token"), {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: `grant_type=client_credentials&client_id=${server.demo.clientId}%00&client_secret=x`,
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({
      code: 400,
      status: "Bad Request",
      message: "Validation errors",
      errors: { client_id: "must not contain NUL characters or unpaired surrogates" },
      error: "invalid_request",
      error_description: "Validation errors",
    });
  });
});

test.describe("C16: server actions from another site", () => {
  // An action id of the shape Next.js gives them; the refusal comes before any action is looked up.
  const action = { "next-action": `7f${"0a".repeat(20)}`, "content-type": "text/plain;charset=UTF-8" };
  const boundary = "----tokenrail";
  const multipart = {
    "content-type": `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--${boundary}--\r\n`,
  };

  test("issue 16, C16: a server action posted with a foreign Origin is refused with 403 and the error body, not a 500", async () => {
    for (const origin of ["https://evil.example", "null", `${server.appUrl}.evil.example`]) {
      const fetchAction = await raw("POST", "/sign-in", { headers: { ...action, origin }, body: "[]" });
      const body = expectErrorBody(fetchAction, 403);
      expect(body).toEqual({
        code: 403,
        status: "Forbidden",
        message: "This form can only be sent from Tokenrail's own pages.",
      });
      // A form posted without JavaScript (no Next-Action header) is an action too.
      const form = await raw("POST", "/sign-in", {
        headers: { "content-type": multipart["content-type"], origin },
        body: multipart.body,
      });
      expectErrorBody(form, 403);
    }
  });

  test("issue 16: the same post from the app's own origin, or with no Origin, is not refused as cross-site", async () => {
    for (const headers of [{ ...action, origin: server.appUrl }, action]) {
      const res = await raw("POST", "/sign-in", { headers, body: "[]" });
      expect(res.status, JSON.stringify(headers)).not.toBe(403);
      expect(res.status, JSON.stringify(headers)).toBeLessThan(500);
    }
  });
});
