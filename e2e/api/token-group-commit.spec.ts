import { chromium } from "@playwright/test";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/lib/chromium.ts";
import { api, server } from "../fixtures/api.ts";
import { clientCredentialsStatus, registerInPortal, signUpDeveloper } from "../fixtures/developer.ts";

/**
 * Issue 16: client-credentials tokens are stored in groups (one INSERT for the rows of concurrent requests) and
 * clients are cached for a few seconds. Neither may loosen anything: a token is answered only once it works, every
 * token is distinct, expiry and secret rotation take effect at once. Later times come from the test clock header.
 */

const LATER = "tokenrail-test-clock-offset";
const { clientId, clientSecret } = server.demo;
const BURST = 40;

const form = (id = clientId, secret = clientSecret) => ({
  grant_type: "client_credentials",
  client_id: id,
  client_secret: secret,
});

async function contextStatus(request: APIRequestContext, token: string, secondsLater?: number): Promise<number> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (secondsLater !== undefined) headers[LATER] = String(secondsLater);
  return (await request.get(api("/auth/context"), { headers })).status();
}

test.describe("issue 16: tokens stored in groups", () => {
  test(`a burst of ${BURST} concurrent token requests: all succeed, all distinct, each works at once`, async ({
    request,
  }) => {
    const responses = await Promise.all(
      Array.from({ length: BURST }, () => request.post(api("/auth/token"), { form: form() })),
    );
    expect(responses.map((r) => r.status())).toEqual(Array.from({ length: BURST }, () => 200));
    const tokens = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { access_token: string }).access_token),
    );
    expect(new Set(tokens).size).toBe(BURST);
    // Asked right after each answer, not after the whole burst: no token is handed out before its row is stored.
    expect(await Promise.all(tokens.map((t) => contextStatus(request, t)))).toEqual(tokens.map(() => 200));
  });

  test("C14: a token from a burst works until 3600 s and is refused from then on, even while cached", async ({
    request,
  }) => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => request.post(api("/auth/token"), { form: form() })),
    );
    const tokens = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { access_token: string }).access_token),
    );
    for (const token of tokens) {
      expect(await contextStatus(request, token)).toBe(200);
      expect(await contextStatus(request, token, 3598)).toBe(200);
      expect(await contextStatus(request, token, 3601)).toBe(401);
    }
  });

  test("a request with a wrong secret fails while the right one is cached, and does not disturb the burst", async ({
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

  test("rotating a secret stops the old one at once, though the client was just read and cached", async ({
    request,
  }) => {
    const browser = await chromium.launch({ executablePath: findChromium().executablePath, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ baseURL: server.appUrl });
      await signUpDeveloper(page);
      const app = await registerInPortal(page, { name: "Burst", redirectUris: ["http://localhost:5173/burst"] });
      // Several requests in a row: the client is now in the token endpoint's cache.
      for (let i = 0; i < 3; i++)
        expect(await clientCredentialsStatus(request, app.clientId, app.clientSecret)).toBe(200);
      await page.getByRole("link", { name: "Open the application's settings" }).click();
      await page.getByRole("button", { name: "Rotate the client secret" }).click();
      await page.getByRole("button", { name: "Yes, rotate it" }).click();
      const rotated = (await page.locator("#new-secret").textContent())!;
      expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await clientCredentialsStatus(request, app.clientId, app.clientSecret)).toBe(400);
      expect(await clientCredentialsStatus(request, app.clientId, rotated)).toBe(200);
    } finally {
      await browser.close();
    }
  });
});
