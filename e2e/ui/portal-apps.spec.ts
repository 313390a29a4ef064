import { expect, test } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { catchCallback, uniqueEmail } from "../fixtures/callback.ts";
import {
  clientCredentialsStatus,
  PNG,
  registerInPortal,
  signUpDeveloper,
  type PortalApplication,
} from "../fixtures/developer.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { signUp } from "../fixtures/onboarding.ts";
import { pkcePair } from "../fixtures/pkce.ts";

// The developer portal's applications (issue 9): signing up as a developer, registering, the secret shown once,
// rotating it, asking for privileges, the logo on the consent screen, and nobody else seeing any of it.

// Each test walks several screens, some as two people.
test.describe.configure({ timeout: 60_000 });

test("issue 9: a newcomer signs up on /developers, registers an application and sees both client IDs and the secret once", async ({
  page,
  request,
}, testInfo) => {
  await page.goto("/developers");
  await expect(page.getByRole("heading", { level: 1, name: /Build on Tokenrail/ })).toBeVisible();
  await signUpDeveloper(page);
  await expect(page.getByText("You have no applications yet.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sandbox");

  // A bad redirect URI is refused next to its own input; the good one beside it is not.
  await page.getByLabel("Application name").fill("Ledgerly");
  await page.getByLabel("Redirect URI 1", { exact: true }).fill("https://ledgerly.example/callback");
  await page.getByRole("button", { name: "Add a redirect URI" }).click();
  await page.getByLabel("Redirect URI 2", { exact: true }).fill("http://ledgerly.example/callback");
  await page.getByRole("button", { name: "Register application" }).click();
  await expect(page.locator("#redirectUris-1-error")).toHaveText(
    "The redirect URI must use https (plain http only on localhost or 127.0.0.1)",
  );
  await expect(page.locator("#redirectUris-0-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove redirect URI 2" }).click();
  await checkAccessibility(page, testInfo, "portal-register");
  await page.getByRole("button", { name: "Register application" }).click();

  await expect(page.getByRole("heading", { name: "Ledgerly is registered" })).toBeVisible();
  await expect(page.getByText("you will not see it again")).toBeVisible();
  const codeClientId = (await page.locator("#registered-code-client").textContent())!;
  const clientId = (await page.locator("#registered-client").textContent())!;
  const secret = (await page.locator("#registered-secret").textContent())!;
  expect(codeClientId).toMatch(/^[0-9a-f-]{36}$/);
  expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
  expect(clientId).not.toBe(codeClientId);
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("button", { name: /Copy Client secret/i })).toBeVisible();
  // C61: the ids and the secret wrap on a phone, each with its copy button.
  await checkAccessibility(page, testInfo, "portal-registered");

  // The secret works for client credentials.
  expect(await clientCredentialsStatus(request, clientId, secret)).toBe(200);

  // The list shows the application at once; the secret is never shown again.
  await expect(page.getByRole("link", { name: "Ledgerly" })).toBeVisible();
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.getByRole("link", { name: "Ledgerly" }).click();
  await expect(page.locator("#code-client-id")).toHaveText(codeClientId);
  await expect(page.locator("#client-id")).toHaveText(clientId);
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Application" }).getByRole("link")).toHaveText([
    "Settings",
    "Webhooks",
    "Deliveries",
    "Try it",
  ]);
  await checkAccessibility(page, testInfo, "portal-settings");
});

test("issue 9: rotating the secret stops the old one at once; a privilege request shows as pending; others get 404", async ({
  page,
  browser,
  request,
}) => {
  await signUpDeveloper(page);
  const app = await registerInPortal(page, { name: "Rotator", redirectUris: ["http://localhost:5173/rotator"] });
  await page.getByRole("link", { name: "Open the application's settings" }).click();

  // Rotation asks first; cancelling changes nothing.
  await page.getByRole("button", { name: "Rotate the client secret" }).click();
  await expect(page.getByText("The current secret stops working at once")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  expect(await clientCredentialsStatus(request, app.clientId, app.clientSecret)).toBe(200);

  await page.getByRole("button", { name: "Rotate the client secret" }).click();
  await page.getByRole("button", { name: "Yes, rotate it" }).click();
  const rotated = (await page.locator("#new-secret").textContent())!;
  expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(rotated).not.toBe(app.clientSecret);
  expect(await clientCredentialsStatus(request, app.clientId, app.clientSecret)).toBe(400);
  expect(await clientCredentialsStatus(request, app.clientId, rotated)).toBe(200);

  // Editing: a bad URI is refused next to it; a good change is kept.
  await page.getByLabel("Redirect URI 1", { exact: true }).fill("ftp://rotator.example/cb");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.locator("#redirectUris-0-error")).toContainText("must use https");
  await page.getByLabel("Redirect URI 1", { exact: true }).fill("https://rotator.example/cb");
  await page.getByLabel("Application name").fill("Rotator 2");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Rotator 2");

  // A privilege request: pending until the operator decides.
  await page.getByRole("checkbox", { name: /Sign people up/ }).check();
  await page.getByLabel("Why does your application need them?").fill("We onboard our own customers.");
  await page.getByRole("button", { name: "Send request" }).click();
  const pending = page.getByRole("list", { name: "Requested, waiting for the operator" });
  await expect(pending).toContainText("Sign people up");
  await page.reload();
  await expect(pending).toContainText("Sign people up");
  await expect(page.getByLabel("Why does your application need them?")).toHaveValue("We onboard our own customers.");
  await page.goto("/developers");
  await expect(page.getByRole("row", { name: /Rotator 2/ })).toContainText("Sign people up (requested)");

  // Someone else, signed in, learns nothing about this application.
  const other = await browser.newContext({ baseURL: server.appUrl });
  const stranger = await other.newPage();
  await signUpDeveloper(stranger);
  await expect(stranger.getByRole("link", { name: "Rotator 2" })).toHaveCount(0);
  for (const path of [`/developers/apps/${app.id}`, `/developers/apps/${app.id}/try`]) {
    const res = await stranger.goto(path);
    expect(res?.status(), path).toBe(404);
  }
  await other.close();

  // A visitor is sent to sign in, and back.
  const visitorContext = await browser.newContext({ baseURL: server.appUrl });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/developers/apps/${app.id}/try`);
  await expect(visitor).toHaveURL(
    new RegExp(`/sign-in\\?next=${encodeURIComponent(`/developers/apps/${app.id}/try`)}`),
  );
  await visitorContext.close();
});

test("issue 9: the logo is checked by content, previewed, and shown on the consent screen of a person onboarding through the app", async ({
  page,
  browser,
  request,
}) => {
  await signUpDeveloper(page);
  // Not an image, whatever it claims: refused next to the logo field, nothing registered.
  await page.getByLabel("Application name").fill("Fake logo");
  await page.getByLabel("Redirect URI 1", { exact: true }).fill("http://localhost:5173/logo");
  await page.getByLabel("Logo (optional)").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
  });
  await page.getByRole("button", { name: "Register application" }).click();
  await expect(page.locator("#logo-error")).toHaveText("Use a PNG, JPEG or WebP image");
  await expect(page.getByText("You have no applications yet.")).toBeVisible();

  await page.getByLabel("Logo (optional)").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Preview of the chosen logo" })).toBeVisible();
  await page.getByLabel("Application name").fill("Logo Bank");
  await page.getByRole("button", { name: "Register application" }).click();
  await expect(page.getByRole("heading", { name: "Logo Bank is registered" })).toBeVisible();
  const href = await page.getByRole("link", { name: "Open the application's settings" }).getAttribute("href");
  const app: Pick<PortalApplication, "id" | "codeClientId"> = {
    id: href!.split("/").pop()!,
    codeClientId: (await page.locator("#registered-code-client").textContent())!,
  };

  const logo = await request.get(`${server.appUrl}/applications/${app.id}/logo`);
  expect(logo.status()).toBe(200);
  expect(logo.headers()["content-type"]).toBe("image/png");
  expect(logo.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await logo.body()).equals(PNG)).toBe(true);

  // A person onboarding through the application sees its logo on the consent screen.
  const personContext = await browser.newContext({ baseURL: server.appUrl });
  const person = await personContext.newPage();
  const redirect = "http://localhost:5173/logo";
  const reached = await catchCallback(person, redirect);
  const url = new URL(`${server.baseUrl}/auth`);
  url.search = new URLSearchParams({
    client_id: app.codeClientId,
    redirect_uri: redirect,
    code_challenge: pkcePair().challenge,
    code_challenge_method: "S256",
    state: "logo-state",
    skip_kyc: "true",
    skip_create_account: "true",
  }).toString();
  await person.goto(url.toString());
  await signUp(person, uniqueEmail("logo-person"));
  const shown = person.getByRole("img", { name: "Logo Bank logo" });
  await expect(shown).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await person.getByRole("button", { name: "Allow" }).click();
  expect((await reached()).searchParams.get("state")).toBe("logo-state");
  await personContext.close();

  // Removing the logo: the logo address has none any more.
  await page.goto(`/developers/apps/${app.id}`);
  await expect(page.getByRole("img", { name: "Current logo of Logo Bank" })).toBeVisible();
  await page.getByRole("button", { name: "Remove logo" }).click();
  await expect(page.getByText("No logo yet")).toBeVisible();
  expect((await request.get(`${server.appUrl}/applications/${app.id}/logo`)).status()).toBe(404);
});
