import { expect, test, type Page } from "@playwright/test";
import { server } from "../fixtures/api.ts";
import { linkedCustomer } from "../fixtures/customer.ts";
import { signUp, startOnboarding } from "../fixtures/onboarding.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { installWallet } from "../fixtures/wallet.ts";

// C45 in a real Chromium: the screens work under their Content-Security-Policy. Every violation the browser reports
// (the `securitypolicyviolation` event, and the console's "Refused to …") fails the test.

type Violation = { directive: string; blocked: string; page: string };

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  // Playwright's init script runs in every document before the page's own scripts, outside the page's policy.
  await page.addInitScript(() => {
    const store: Violation[] = [];
    (window as unknown as { __violations?: Violation[] }).__violations = store;
    document.addEventListener("securitypolicyviolation", (event) =>
      store.push({ directive: event.effectiveDirective, blocked: event.blockedURI, page: location.pathname }),
    );
  });
  return async () => {
    const inPage = await page
      .evaluate(() => (window as unknown as { __violations?: Violation[] }).__violations ?? [])
      .catch(() => []);
    return [...seen, ...inPage.map((v) => `${v.page}: ${v.directive} blocked ${v.blocked}`)];
  };
}

test("C45: sign-in, the operator console and the public screens run under the policy without a violation", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const violations = await watchViolations(page);
  const all: string[] = [];
  const visit = async (path: string, ready: () => Promise<void>) => {
    const res = await page.goto(path);
    expect(res?.headers()["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    await ready();
    all.push(...(await violations()));
  };
  await visit("/", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible());
  await visit("/docs", () =>
    expect(page.getByRole("heading", { name: "Tokenrail API", level: 1 })).toBeVisible({ timeout: 20_000 }),
  );
  await visit("/operator/ledger", () => expect(page).toHaveURL(/\/sign-in\?next=/));

  // Interactive: the form's script validates and submits, and signing in lands on the page asked for.
  await page.getByLabel("Email").fill(server.demo.operatorEmail);
  await page.getByLabel("Password").fill(server.demo.operatorPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(page).toHaveURL("/operator/ledger", { timeout: 20_000 });
  all.push(...(await violations()));

  await visit("/operator", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible());
  await visit("/operator/orders", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible());
  await visit("/developers", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible());
  await visit("/sandbox", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible());
  await visit("/demo", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible());
  expect(all).toEqual([]);
});

test("C45: the onboarding signs up, consents and returns to the application's redirect URI under the policy", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const violations = await watchViolations(page);
  const { reached, state } = await startOnboarding(page, { skip_kyc: "true", skip_create_account: "true" });
  await signUp(page, uniqueEmail("csp"));
  // The consent form is a plain form post whose answer redirects to the redirect URI: `form-action` allows it.
  await page.getByRole("button", { name: "Allow" }).click();
  const back = await reached();
  expect(back.searchParams.get("state")).toBe(state);
  expect(back.searchParams.get("code")).toBeTruthy();
  expect(await violations()).toEqual([]);
});

test("C45: Sign in with Ethereum loads the wallet libraries on demand and signs in under the policy", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const violations = await watchViolations(page);
  const customer = await linkedCustomer(request, { chain: "amoy" });
  await installWallet(page, { chainId: 80002, account: customer.account });
  const { reached } = await startOnboarding(page, {
    auth_mode: "login",
    skip_kyc: "true",
    skip_create_account: "true",
  });
  await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  await expect(page.getByText(customer.email)).toBeVisible();
  await page.getByRole("button", { name: "Allow" }).click();
  expect((await reached()).searchParams.get("code")).toBeTruthy();
  expect(await violations()).toEqual([]);
});

test("C45: markup injected into a screen cannot run script: no nonce, no inline handlers", async ({ page }) => {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/.test(message.text())) refusals.push(message.text());
  });
  const res = await page.goto("/sign-in");
  expect(res?.status()).toBe(200);
  const ran = await page.evaluate(async () => {
    const w = window as unknown as { __injected?: string[] };
    w.__injected = [];
    // What an HTML injection would bring: an inline handler, and a script in the markup with a guessed nonce (a
    // script the parser meets, unlike one a trusted script adds, which 'strict-dynamic' is there to allow). The
    // frame's document inherits the screen's policy.
    document.body.insertAdjacentHTML(
      "beforeend",
      `<img src="/no-such-image" onerror="window.__injected.push('handler')">`,
    );
    const frame = document.createElement("iframe");
    frame.srcdoc = `<script nonce="guessed">parent.__injected.push("script")</script>`;
    document.body.append(frame);
    await new Promise((r) => setTimeout(r, 1_500));
    return w.__injected;
  });
  expect(ran).toEqual([]);
  expect(
    refusals.some((r) => /inline event handler/i.test(r)),
    refusals.join("\n"),
  ).toBe(true);
  expect(
    refusals.some((r) => /inline script/i.test(r)),
    refusals.join("\n"),
  ).toBe(true);
});
