import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { chromium, type Page } from "@playwright/test";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/lib/chromium.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { registerInPortal, signUpDeveloper, type PortalApplication } from "../fixtures/developer.ts";
import { freePort } from "../fixtures/free-port.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startServer, stopServer } from "../fixtures/spawn-server.ts";

/**
 * Issue 16: client-credentials access tokens are signed, not stored. Nothing may loosen: every token is distinct and
 * works at once, a token that is not exactly one we signed is the spec's 401, expiry and secret rotation take effect
 * at once (on every instance sharing a PostgreSQL database). Later times come from the test clock header.
 */

const LATER = "tokenrail-test-clock-offset";
const { clientId, clientSecret } = server.demo;
const BURST = 50;
const NOT_AUTHENTICATED = { code: 401, status: "Unauthorized", message: "Not authenticated" };
const TOKEN = /^tr1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

const form = (id = clientId, secret = clientSecret) => ({
  grant_type: "client_credentials",
  client_id: id,
  client_secret: secret,
});

async function tokenFrom(request: APIRequestContext, baseUrl: string, id: string, secret: string): Promise<string> {
  const res = await request.post(`${baseUrl}/auth/token`, { form: form(id, secret) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function context(request: APIRequestContext, token: string, options: { baseUrl?: string; secondsLater?: number } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.secondsLater !== undefined) headers[LATER] = String(options.secondsLater);
  return request.get(`${options.baseUrl ?? server.baseUrl}/auth/context`, { headers });
}

async function contextStatus(request: APIRequestContext, token: string, secondsLater?: number): Promise<number> {
  return (await context(request, token, { secondsLater })).status();
}

/** Signs what `payload` says with `key`, in the token's format. */
function signed(payload: string, key: Buffer | string): string {
  const head = `tr1.${payload}`;
  return `${head}.${createHmac("sha256", key).update(head).digest("base64url")}`;
}

/** A developer rotates the application's secret on its settings page; the new secret is shown once. */
async function rotateInPortal(page: Page): Promise<string> {
  await page.getByRole("link", { name: "Open the application's settings" }).click();
  await page.getByRole("button", { name: "Rotate the client secret" }).click();
  await page.getByRole("button", { name: "Yes, rotate it" }).click();
  const rotated = (await page.locator("#new-secret").textContent())!;
  expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return rotated;
}

async function withPortal<T>(appUrl: string, fn: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: findChromium().executablePath, args: CHROMIUM_ARGS });
  try {
    return await fn(await browser.newPage({ baseURL: appUrl }));
  } finally {
    await browser.close();
  }
}

test.describe("issue 16: signed client-credentials tokens", () => {
  test(`issue 16: a burst of ${BURST} concurrent token requests gives ${BURST} distinct tokens, each working at once`, async ({
    request,
  }) => {
    const responses = await Promise.all(
      Array.from({ length: BURST }, () => request.post(api("/auth/token"), { form: form() })),
    );
    expect(responses.map((r) => r.status())).toEqual(Array.from({ length: BURST }, () => 200));
    const tokens = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { access_token: string }).access_token),
    );
    expect(tokens.filter((t) => TOKEN.test(t))).toEqual(tokens);
    expect(new Set(tokens).size).toBe(BURST);
    expect(await Promise.all(tokens.map((t) => contextStatus(request, t)))).toEqual(tokens.map(() => 200));
  });

  test("issue 16: C14: a token works until 3600 s and is refused from then on, with the spec's 401", async ({
    request,
  }) => {
    const token = await tokenFrom(request, server.baseUrl, clientId, clientSecret);
    expect(await contextStatus(request, token)).toBe(200);
    expect(await contextStatus(request, token, 3598)).toBe(200);
    const expired = await context(request, token, { secondsLater: 3601 });
    expect(expired.status()).toBe(401);
    expect(expired.headers()["www-authenticate"]).toBe("Bearer");
    expect(await jsonOf(expired)).toEqual(NOT_AUTHENTICATED);
    // Only that request was later: the token still works now.
    expect(await contextStatus(request, token)).toBe(200);
  });

  test("issue 16: a token changed in any way is the spec's 401: payload, signature, truncated, another key", async ({
    request,
  }) => {
    const token = await tokenFrom(request, server.baseUrl, clientId, clientSecret);
    expect(token).toMatch(TOKEN);
    const [, payload, mac] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    expect(claims).toMatchObject({ cid: clientId, exp: (claims.iat as number) + 3600_000 });
    const rewritten = (change: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ ...claims, ...change })).toString("base64url");
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
    const tampered: Record<string, string> = {
      "payload: a later expiry": `tr1.${rewritten({ exp: (claims.exp as number) + 3600_000 })}.${mac}`,
      "payload: another client": `tr1.${rewritten({ cid: randomUUID() })}.${mac}`,
      "payload: one character": `tr1.${flip(payload, 5)}.${mac}`,
      "signature: one character": `tr1.${payload}.${flip(mac, 10)}`,
      "signature: removed": `tr1.${payload}.`,
      "truncated by one character": token.slice(0, -1),
      "truncated to the payload": `tr1.${payload}`,
      "another version": `tr2.${payload}.${mac}`,
      "signed with another key": signed(payload, randomBytes(32)),
      "signed with another key, a later expiry": signed(rewritten({ exp: Date.now() + 86_400_000 }), "guess"),
    };
    for (const [what, forged] of Object.entries(tampered)) {
      const res = await context(request, forged);
      expect(res.status(), what).toBe(401);
      expect(await jsonOf(res), what).toEqual(NOT_AUTHENTICATED);
    }
    expect(await contextStatus(request, token)).toBe(200);
  });

  test("issue 16: a wrong secret fails while the right one is cached, and does not disturb a burst", async ({
    request,
  }) => {
    const [good, wrong] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => request.post(api("/auth/token"), { form: form() }))),
      request.post(api("/auth/token"), { form: form(clientId, `${clientSecret}x`) }),
    ]);
    expect(good.map((r) => r.status())).toEqual(good.map(() => 200));
    expect(wrong.status()).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe("invalid_client");
  });

  test("issue 16: rotating the secret refuses earlier tokens and the old secret at once; new tokens work", async ({
    request,
  }) => {
    await withPortal(server.appUrl, async (page) => {
      await signUpDeveloper(page);
      const app = await registerInPortal(page, { name: "Signed", redirectUris: ["http://localhost:5173/signed"] });
      // Several tokens and uses: the client is now cached by the token endpoint and bearer authentication.
      const earlier = [];
      for (let i = 0; i < 3; i++)
        earlier.push(await tokenFrom(request, server.baseUrl, app.clientId, app.clientSecret));
      for (const token of earlier) expect(await contextStatus(request, token)).toBe(200);

      const rotated = await rotateInPortal(page);
      for (const token of earlier) {
        const res = await context(request, token);
        expect(res.status()).toBe(401);
        expect(await jsonOf(res)).toEqual(NOT_AUTHENTICATED);
      }
      const stale = await request.post(api("/auth/token"), { form: form(app.clientId, app.clientSecret) });
      expect(stale.status()).toBe(400);
      const fresh = await tokenFrom(request, server.baseUrl, app.clientId, rotated);
      expect(await contextStatus(request, fresh)).toBe(200);
    });
  });
});

// Several instances on one PostgreSQL share TOKENRAIL_SECRET: a token issued by one works on the other, and a
// rotation on one refuses the earlier tokens on the other within a second, though it had just checked them (and
// caches the client for five seconds). Defined only where there is PostgreSQL.
if (process.env.DATABASE_URL) {
  test("issue 16: rotating the secret on one instance refuses the earlier token on the other within one second", async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const database = (await scratchDatabase("tokenrail_e2e_signed"))!;
    const env = { ...database.env, TOKENRAIL_SECRET: randomBytes(32).toString("base64url") };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await startServer(portA, env);
    const b = await startServer(portB, env);
    try {
      const [appA, onA, onB] = [
        `http://localhost:${portA}`,
        `http://localhost:${portA}/api`,
        `http://localhost:${portB}/api`,
      ];
      await expect.poll(async () => (await fetch(`http://localhost:${portB}/readyz`)).status).toBe(200);
      await withPortal(appA, async (page) => {
        await signUpDeveloper(page);
        const app: PortalApplication = await registerInPortal(page, {
          name: "Two instances",
          redirectUris: ["http://localhost:5173/two"],
        });
        const token = await tokenFrom(request, onA, app.clientId, app.clientSecret);
        // Both instances have just checked the token: each holds its client in its cache.
        expect((await context(request, token, { baseUrl: onB })).status()).toBe(200);
        expect((await context(request, token, { baseUrl: onA })).status()).toBe(200);

        const rotated = await rotateInPortal(page);
        const rotatedAt = Date.now();
        await expect
          .poll(async () => (await context(request, token, { baseUrl: onB })).status(), {
            intervals: [50],
            timeout: 1_000,
          })
          .toBe(401);
        expect(Date.now() - rotatedAt).toBeLessThan(1_000);
        expect((await context(request, token, { baseUrl: onA })).status()).toBe(401);
        const fresh = await tokenFrom(request, onB, app.clientId, rotated);
        expect((await context(request, fresh, { baseUrl: onA })).status()).toBe(200);
      });
    } finally {
      await Promise.all([stopServer(a), stopServer(b)]);
      await database.drop();
    }
  });
}
