import { expect, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { server, V2 } from "../fixtures/api.ts";
import { catchCallback, uniqueEmail } from "../fixtures/callback.ts";
import { verifyEmail } from "../fixtures/onboarding.ts";

// A strict, independent OAuth 2 client (oauth4webapi) against our authorization server, with a person in Chromium.
// The onboarding steps between sign-in and consent are skipped here; the onboarding specs walk them.
const REDIRECT = "http://localhost:5173/callback";
const as: oauth.AuthorizationServer = {
  issuer: server.appUrl,
  authorization_endpoint: `${server.baseUrl}/auth`,
  token_endpoint: `${server.baseUrl}/auth/token`,
};
const client: oauth.Client = { client_id: server.demo.codeClientId };
const insecure = { [oauth.allowInsecureRequests]: true };
const PASSWORD = "correct horse battery";

async function authorizationUrl(extra: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    response_type: "code",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    skip_kyc: "true",
    skip_create_account: "true",
    ...extra,
  }).toString();
  return { url, verifier, state };
}

test("sign up, consent, and the code flow: exchange, refresh, context", async ({ page }) => {
  const email = uniqueEmail("ada");
  const { url, verifier, state } = await authorizationUrl({ email });
  const callback = await catchCallback(page, REDIRECT);

  const landing = await page.goto(url.toString());
  expect(landing?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Demo application wants to connect to your Tokenrail account",
  );
  await expect(page.getByLabel("Email")).toHaveValue(email);

  // Validation messages appear next to the field.
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).last().click();
  await expect(page.locator("#password-error")).toHaveText("Use at least 10 characters");

  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).last().click();
  await verifyEmail(page, email);
  await expect(page.getByRole("heading", { name: "Allow Demo application to access your account?" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();

  const params = oauth.validateAuthResponse(as, client, await callback(), state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, insecure),
  );
  expect(tokens.token_type).toBe("bearer");
  expect(tokens.expires_in).toBe(3600);
  expect(tokens.refresh_token).toBeTruthy();

  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
  );
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

  const context = await fetch(`${server.baseUrl}/auth/context`, {
    headers: { authorization: `Bearer ${refreshed.access_token}`, accept: V2 },
  });
  expect(context.status).toBe(200);
  const body = (await context.json()) as { email: string; profiles: { kind: string; state: string }[] };
  expect(body.email).toBe(email);
  expect(body.profiles).toEqual([expect.objectContaining({ kind: "personal", state: "created" })]);
});

test("Deny returns to the integrator with error=access_denied and the state", async ({ page }) => {
  const { url, state } = await authorizationUrl();
  const callback = await catchCallback(page, REDIRECT);
  await page.goto(url.toString());
  const email = uniqueEmail("bob");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).last().click();
  await verifyEmail(page, email);
  await page.getByRole("button", { name: "Deny" }).click();
  const back = await callback();
  expect(back.searchParams.get("error")).toBe("access_denied");
  expect(back.searchParams.get("state")).toBe(state);
});

test("an existing person signs in; a wrong password is refused next to the form", async ({ page }) => {
  const email = uniqueEmail("cy");
  const first = await authorizationUrl();
  await page.goto(first.url.toString());
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).last().click();
  await verifyEmail(page, email);
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
  await page.context().clearCookies();

  const second = await authorizationUrl({ auth_mode: "login" });
  await page.goto(second.url.toString());
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not my password");
  await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(page.locator(".form-error")).toHaveText("Wrong email or password.");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
});

test("C16: the consent post is refused from a foreign Origin or without its token", async ({ page, request }) => {
  const { url } = await authorizationUrl();
  const callback = await catchCallback(page, REDIRECT);
  await page.goto(url.toString());
  const email = uniqueEmail("eve");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).last().click();
  await verifyEmail(page, email);
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
  const requestId = await page.locator('input[name="request"]').inputValue();
  const token = await page.locator('input[name="token"]').inputValue();
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const post = (headers: Record<string, string>, form: Record<string, string>) =>
    request.post(`${server.appUrl}/authorize/decision`, {
      headers: { cookie: cookies, ...headers },
      form,
      maxRedirects: 0,
    });

  const foreign = await post({ origin: "https://evil.example" }, { request: requestId, token, decision: "allow" });
  expect(foreign.status()).toBe(403);
  const forged = await post({ origin: server.appUrl }, { request: requestId, token: "forged", decision: "allow" });
  expect(forged.status()).toBe(403);
  // The genuine page still works afterwards: nothing was consumed by the refused posts.
  await page.getByRole("button", { name: "Allow" }).click();
  expect((await callback()).searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test("C29: after repeated wrong passwords for one email, sign-in is refused for a while", async ({ page }) => {
  const email = uniqueEmail("dee");
  const { url } = await authorizationUrl();
  await page.goto(url.toString());
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).last().click();
  await verifyEmail(page, email);
  await expect(page.getByRole("button", { name: "Allow" })).toBeVisible();
  await page.context().clearCookies();

  await page.goto((await authorizationUrl({ auth_mode: "login" })).url.toString());
  await page.getByLabel("Email").fill(email);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Password").fill(`wrong password ${i}`);
    // Each attempt is one server-action post; wait for its answer before the next.
    const answered = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
    await answered;
    await expect(page.locator(".form-error")).toHaveText("Wrong email or password.");
  }
  // Even the right password is refused now, without saying whether it was right.
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(page.locator(".form-error")).toHaveText("Too many failed attempts. Wait a few minutes and try again.");
});
