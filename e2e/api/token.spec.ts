import { expect, test } from "../fixtures/contract-test.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";

const { clientId, clientSecret, codeClientId } = server.demo;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe("POST/GET /auth/token — client credentials", () => {
  test("C14: POST issues a one-hour bearer token, never cached", async ({ request }) => {
    const res = await request.post(api("/auth/token"), {
      form: { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("no-store");
    const body = (await jsonOf(res)) as Record<string, unknown>;
    expect(body).toEqual({
      // Signed (issue 16): tr1.<base64url claims>.<base64url HMAC-SHA256>.
      access_token: expect.stringMatching(/^tr1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/) as unknown,
      token_type: "Bearer",
      expires_in: 3600,
      profile: expect.stringMatching(UUID) as unknown,
      userId: expect.stringMatching(UUID) as unknown,
    });
  });

  test("GET with query parameters and HTTP Basic client authentication both work", async ({ request }) => {
    const viaQuery = await request.get(api("/auth/token"), {
      params: { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret },
    });
    expect(viaQuery.status()).toBe(200);
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
    const viaBasic = await request.post(api("/auth/token"), {
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: "client_credentials" },
    });
    expect(viaBasic.status()).toBe(200);
  });

  test("each token is distinct", async ({ request }) => {
    const form = { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret };
    const [a, b] = await Promise.all([
      request.post(api("/auth/token"), { form }),
      request.post(api("/auth/token"), { form }),
    ]);
    const [ta, tb] = [
      ((await a.json()) as { access_token: string }).access_token,
      ((await b.json()) as { access_token: string }).access_token,
    ];
    expect(ta).not.toBe(tb);
  });

  const failures: { title: string; form: Record<string, string>; message: string; error: string; errors?: object }[] = [
    {
      title: "C13: wrong secret",
      form: { grant_type: "client_credentials", client_id: clientId, client_secret: "not-the-secret" },
      message: "Client authentication failed",
      error: "invalid_client",
    },
    {
      title: "unknown client id",
      form: { grant_type: "client_credentials", client_id: "11111111-2222-4333-8444-555555555555", client_secret: "x" },
      message: "Client authentication failed",
      error: "invalid_client",
    },
    {
      title: "client id that is not a UUID",
      form: { grant_type: "client_credentials", client_id: "demo", client_secret: "x" },
      message: "Client authentication failed",
      error: "invalid_client",
    },
    {
      title: "C13: the authorization-code client id used for client credentials",
      form: { grant_type: "client_credentials", client_id: codeClientId, client_secret: clientSecret },
      message: "The client is not authorized to request a token using this method.",
      error: "unauthorized_client",
    },
    {
      title: "missing client id and secret",
      form: { grant_type: "client_credentials" },
      message: "Validation errors",
      error: "invalid_request",
      errors: { client_id: "client_id is required", client_secret: "client_secret is required" },
    },
    {
      title: "missing grant type",
      form: { client_id: clientId, client_secret: clientSecret },
      message: "Validation errors",
      error: "invalid_request",
      errors: { grant_type: "grant_type is required" },
    },
    {
      title: "unsupported grant type",
      form: { grant_type: "password", client_id: clientId, client_secret: clientSecret },
      message: "grant_type password is not supported",
      error: "unsupported_grant_type",
    },
  ];

  for (const failure of failures) {
    test(`400 with the spec's error body: ${failure.title}`, async ({ request }) => {
      const res = await request.post(api("/auth/token"), { form: failure.form });
      expect(res.status()).toBe(400);
      expect(res.headers()["cache-control"]).toBe("no-store");
      expect(await jsonOf(res)).toEqual({
        code: 400,
        status: "Bad Request",
        message: failure.message,
        ...(failure.errors ? { errors: failure.errors } : {}),
        error: failure.error,
        error_description: failure.message,
      });
    });
  }

  test("C28: a JSON body instead of a form is refused with 400, not 500", async ({ request }) => {
    const res = await request.post(api("/auth/token"), {
      headers: { "content-type": "application/json" },
      data: JSON.stringify({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }),
    });
    expect(res.status()).toBe(400);
    expect(await jsonOf(res)).toMatchObject({
      code: 400,
      status: "Bad Request",
      message: "Content-Type must be application/x-www-form-urlencoded",
    });
  });

  test("a stale or empty Authorization header does not disturb the token endpoint (the SDK sends one)", async ({
    request,
  }) => {
    for (const authorization of ["", "Bearer stale-token"]) {
      const res = await request.post(api("/auth/token"), {
        headers: { authorization },
        form: { grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret },
      });
      expect(res.status()).toBe(200);
    }
  });
});

test("C29: repeated failed client authentication gets 429 with Retry-After", async ({ request }) => {
  // An id of its own, so the demo client the other tests use is never locked out.
  const clientId = crypto.randomUUID();
  const attempt = () =>
    request.post(api("/auth/token"), {
      form: { grant_type: "client_credentials", client_id: clientId, client_secret: "guess" },
    });
  for (let i = 0; i < 10; i++) expect((await attempt()).status()).toBe(400);
  const limited = await attempt();
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect(Number(limited.headers()["retry-after"])).toBeLessThanOrEqual(900);
  expect(await jsonOf(limited)).toEqual({
    code: 429,
    status: "Too Many Requests",
    message: "Too many failed attempts for this client; try again later",
  });
});
