import { expect, request as playwrightRequest, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { clientCredentialsToken, server } from "../fixtures/api.ts";
import { linkedCustomer, siweTokens } from "../fixtures/customer.ts";
import { freePort } from "../fixtures/free-port.ts";
import { openedOrderSocket, rawUpgrade, refusedOrderSocket } from "../fixtures/order-socket.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";
import type { Customer } from "../fixtures/customer.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

/**
 * C62, what the SDK cannot show: the order WebSocket's refusals (plain HTTP answers with the spec's error body before
 * anything is upgraded), its bound per token, and the close codes that end it (an expired or revoked token, a
 * stopping instance). Node's `ws` client, since only it can send headers (the test clock) and read a refusal's body.
 */
const base = server.baseUrl;
let setup: APIRequestContext;
let customer: Customer;

test.beforeAll(async () => {
  setup = await playwrightRequest.newContext();
  customer = await linkedCustomer(setup);
});
test.afterAll(async () => {
  await setup.dispose();
});

const unauthenticated = { code: 401, status: "Unauthorized", message: "Not authenticated" };

test("C62: an upgrade without a valid access token is refused with the spec's 401 before anything is upgraded", async () => {
  const queries: Record<string, string>[] = [
    {},
    { access_token: "" },
    { access_token: "not-a-token" },
    { access_token: "tr1.x.y" },
  ];
  for (const query of queries) {
    const refusal = await refusedOrderSocket(base, query);
    expect(refusal.status).toBe(401);
    expect(refusal.body).toEqual(unauthenticated);
    expect(refusal.headers["x-request-id"]).toBeTruthy();
  }
});

test("C62: a bad query, a profile out of reach and a handshake that is not a WebSocket's get the spec's error body", async ({
  request,
}) => {
  const token = await clientCredentialsToken(request);
  const cases: [Record<string, string>, number, unknown][] = [
    [
      { state: "settled" },
      400,
      {
        code: 400,
        status: "Bad Request",
        message: "Validation errors",
        errors: { state: expect.stringContaining("placed") as unknown },
      },
    ],
    [
      { profile: "not-a-uuid" },
      400,
      {
        code: 400,
        status: "Bad Request",
        message: "Validation errors",
        errors: { profile: expect.any(String) as unknown },
      },
    ],
    [
      { profile: "0b6f5a8e-3c1d-4e2f-9a7b-1c2d3e4f5a6b" },
      404,
      { code: 404, status: "Not Found", message: "Profile not found" },
    ],
  ];
  for (const [query, status, body] of cases) {
    const refusal = await refusedOrderSocket(base, { access_token: token, ...query });
    expect([refusal.status, refusal.body]).toEqual([status, body]);
  }
  // A person's token reaches only what that person granted: another customer's profile does not exist for it.
  const person = await siweTokens(request, customer.account);
  const someoneElse = await linkedCustomer(request);
  const foreign = await refusedOrderSocket(base, { access_token: person.access_token, profile: someoneElse.profile });
  expect([foreign.status, foreign.body]).toEqual([
    404,
    { code: 404, status: "Not Found", message: "Profile not found" },
  ]);
  // Upgrade headers without a WebSocket key: not a handshake.
  const raw = await rawUpgrade(base, `/orders?access_token=${token}`, ["Upgrade: websocket", "Connection: Upgrade"]);
  expect([raw.status, raw.body]).toEqual([
    400,
    {
      code: 400,
      status: "Bad Request",
      message: "Not a valid WebSocket handshake: Missing or invalid Sec-WebSocket-Key header",
    },
  ]);
});

test("C62: one access token holds at most 5 order WebSockets; the sixth is refused with 429 until one closes", async ({
  request,
}) => {
  const token = await clientCredentialsToken(request);
  const open = [];
  for (let i = 0; i < 5; i++) open.push(await openedOrderSocket(base, { access_token: token }));
  const refusal = await refusedOrderSocket(base, { access_token: token });
  expect(refusal.status).toBe(429);
  expect(refusal.body).toEqual({
    code: 429,
    status: "Too Many Requests",
    message: "At most 5 order WebSockets may be open with one access token; close one first",
  });
  // Another token of the same application has its own five.
  const other = await openedOrderSocket(base, { access_token: await clientCredentialsToken(request) });
  open[0]!.ws.close();
  await open[0]!.closed;
  await expect
    .poll(async () => {
      const again = await refusedOrderSocket(base, { access_token: token }).catch(() => "opened");
      return typeof again === "string" ? again : again.status;
    })
    .toBe("opened");
  for (const socket of [...open, other]) socket.ws.terminate();
});

test("C62: a socket whose token expires is closed with 4401 when it does (test clock)", async ({ request }) => {
  const token = await clientCredentialsToken(request);
  // Served as if 3,597 s had passed: the token (one hour) has three seconds left.
  const socket = await openedOrderSocket(base, { access_token: token }, { "tokenrail-test-clock-offset": "3597" });
  const started = Date.now();
  expect(await socket.closed).toEqual({ code: 4401, reason: "The access token expired" });
  expect(Date.now() - started).toBeGreaterThan(1_500);
  expect(Date.now() - started).toBeLessThan(6_000);
  // And once expired, it cannot open one again.
  const late = await refusedOrderSocket(base, { access_token: token }, { "tokenrail-test-clock-offset": "3600" });
  expect([late.status, late.body]).toEqual([401, unauthenticated]);
});

test("C62: a socket whose token is revoked (its refresh token replayed) is closed with 4401 at once", async ({
  request,
}) => {
  const first = await siweTokens(request, customer.account);
  const refresh = (refreshToken: string) =>
    request.post(`${base}/auth/token`, {
      form: { grant_type: "refresh_token", client_id: server.demo.codeClientId, refresh_token: refreshToken },
    });
  const rotated = await refresh(first.refresh_token);
  expect(rotated.status()).toBe(200);
  const { access_token } = (await rotated.json()) as { access_token: string };
  const socket = await openedOrderSocket(base, { access_token, profile: customer.profile });
  // Replaying the spent refresh token revokes the whole family (C11), this access token with it.
  expect((await refresh(first.refresh_token)).status()).toBe(400);
  const revokedAt = Date.now();
  expect(await socket.closed).toEqual({ code: 4401, reason: "The access token is no longer valid" });
  expect(Date.now() - revokedAt).toBeLessThan(2_000);
});

test(
  "C62: a stopping instance closes its order WebSockets with 1001 and still exits within the grace period",
  EMBEDDED_ONLY,
  async () => {
    test.setTimeout(120_000);
    const instance = await startDemoInstance(await freePort());
    try {
      const token = await clientCredentialsToken(setup, instance);
      const socket = await openedOrderSocket(instance.baseUrl, { access_token: token });
      const started = Date.now();
      instance.server.child.kill("SIGTERM");
      expect(await socket.closed).toEqual({ code: 1001, reason: "The server is stopping" });
      await instance.server.exited;
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await stopServer(instance.server);
    }
  },
);
