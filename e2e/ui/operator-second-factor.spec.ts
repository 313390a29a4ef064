import { expect, test, type Browser, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { server } from "../fixtures/api.ts";
import { freePort } from "../fixtures/free-port.ts";
import { expectApiHidden, expectPagesHidden } from "../fixtures/operator-hidden.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";

/**
 * C57 on an instance that requires a second factor of operators (production's rule; here a sandbox instance with
 * TOKENRAIL_OPERATOR_MFA=required, so it runs on the embedded database too): the demo operator, who has none, is sent
 * to enrol one after the password; an authenticator app's code signs in once; a recovery code works once; and a
 * session that stopped at the password reaches no console page and no admin API route.
 */

const codeAt = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function signInWithPassword(browser: Browser, instance: DemoInstance): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: instance.appUrl })).newPage();
  await page.goto("/operator");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Foperator/);
  await page.getByLabel("Email").fill(server.demo.operatorEmail);
  await page.getByLabel("Password").fill(instance.operatorPassword);
  await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(page).toHaveURL(/\/sign-in\/second-factor\?next=%2Foperator/, { timeout: 15_000 });
  return page;
}

async function expectConsole(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === "/operator", { timeout: 15_000 });
  await expect(page.getByRole("navigation", { name: "Operator console" })).toBeVisible();
}

test("C57 an operator enrols an authenticator app, a code signs in once, a recovery code once, a password alone reaches nothing", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const instance = await startDemoInstance(await freePort(), { TOKENRAIL_OPERATOR_MFA: "required" });
  try {
    // The first sign-in: the password, then enrolment (the operator has no factor yet).
    const first = await signInWithPassword(browser, instance);
    await expect(first.getByRole("heading", { name: "Set up a second factor" })).toBeVisible();
    await first.getByRole("button", { name: "Use an authenticator app" }).click();
    const secret = (await first.getByTestId("totp-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(first.getByRole("img", { name: "QR code of the authenticator key" })).toBeVisible();
    await first.getByLabel("Code shown by the app").fill("000000" === codeAt(secret) ? "111111" : "000000");
    await first.getByRole("button", { name: "Confirm the app" }).click();
    await expect(first.getByText("That code is not right; try the next one")).toBeVisible();
    await first.getByLabel("Code shown by the app").fill(codeAt(secret));
    await first.getByRole("button", { name: "Confirm the app" }).click();
    const list = first.getByRole("list", { name: "Your recovery codes" });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    const recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    expect(new Set(recoveryCodes).size).toBe(10);
    await first.getByRole("button", { name: "I have kept them — continue" }).click();
    await expectConsole(first);
    await first.context().close();

    // A stolen password alone: signed in, stopped at the second step; every console page and admin API route
    // answers as to someone who is not an operator.
    const thief = await signInWithPassword(browser, instance);
    await expect(thief.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
    const session = (await (await thief.request.get("/web-auth/session")).json()) as {
      user?: { email?: string };
      secondFactor?: boolean;
    };
    expect(session).toMatchObject({ user: { email: server.demo.operatorEmail }, secondFactor: false });
    await expectApiHidden(thief.request, instance.appUrl, "password only");
    await expectPagesHidden(thief.request, instance.appUrl, "password only");
    // Nor may it add the thief's own factor.
    await thief.goto("/sign-in/second-factor?enrol=1&next=%2Foperator");
    await expect(thief.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();

    // The next code (a step ahead, within the window) upgrades that session; it reaches the console.
    const code = codeAt(secret, 1);
    await thief.getByLabel("Code from your authenticator app").fill(code);
    await thief.getByRole("button", { name: "Confirm", exact: true }).click();
    await expectConsole(thief);
    expect((await thief.request.get("/api/admin/profiles")).status()).toBe(200);
    await thief.context().close();

    // The same code again, and the one before it: refused.
    const again = await signInWithPassword(browser, instance);
    for (const reused of [code, codeAt(secret)]) {
      await again.getByLabel("Code from your authenticator app").fill(reused);
      await again.getByRole("button", { name: "Confirm", exact: true }).click();
      await expect(again.getByText("That code is not right, or was already used.")).toBeVisible();
      await expect(again).toHaveURL(/\/sign-in\/second-factor/);
    }
    expect((await again.request.get("/api/admin/profiles")).status()).toBe(404);

    // A recovery code instead: it works once.
    await again.getByRole("button", { name: "Use a recovery code instead" }).click();
    await again.getByLabel("Recovery code", { exact: true }).fill(recoveryCodes[0]!.toUpperCase());
    await again.getByRole("button", { name: "Use recovery code" }).click();
    await expectConsole(again);
    await again.goto("/operator/security");
    await expect(again.getByText("9 unused")).toBeVisible();
    await again.context().close();

    const later = await signInWithPassword(browser, instance);
    await later.getByRole("button", { name: "Use a recovery code instead" }).click();
    await later.getByLabel("Recovery code", { exact: true }).fill(recoveryCodes[0]!);
    await later.getByRole("button", { name: "Use recovery code" }).click();
    await expect(later.getByText("That recovery code is not right or was already used.")).toBeVisible();
    expect((await later.request.get("/api/admin/profiles")).status()).toBe(404);
    await later.context().close();
  } finally {
    await stopServer(instance.server);
  }
});
