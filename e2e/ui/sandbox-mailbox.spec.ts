import { expect, test } from "@playwright/test";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { clientCredentialsToken, V2 } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { docScreenshot } from "../fixtures/doc-screenshot.ts";
import { freePort } from "../fixtures/free-port.ts";
import { allMail } from "../fixtures/mailbox.ts";
import { signInAsOperator } from "../fixtures/operator-page.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

/**
 * The sandbox without a mail server (as `npm start` runs it): mail is kept in the outbox, and the operator's outbox
 * page is the mailbox where the integrator reads what its test customers would receive.
 */
test(
  "C54 issue 12: a sandbox without a mail server keeps its mail in the outbox page, its mailbox, links and codes shown",
  EMBEDDED_ONLY,
  async ({ page, playwright }, testInfo) => {
    test.setTimeout(90_000);
    const instance = await startDemoInstance(await freePort(), {
      TOKENRAIL_SMTP_URL: undefined,
      TOKENRAIL_MAIL_FROM: undefined,
    });
    const request = await playwright.request.newContext();
    try {
      const email = uniqueEmail("kept");
      const signup = await request.post(`${instance.baseUrl}/auth/signup`, {
        headers: { authorization: `Bearer ${await clientCredentialsToken(request, instance)}`, accept: V2 },
        data: { email },
      });
      expect(signup.status()).toBe(201);
      await signInAsOperator(page, "/operator/outbox", instance);
      await expect(page.getByText("No mail server is attached: this is the sandbox mailbox.")).toBeVisible();
      const mail = page.getByRole("article", { name: `Message to ${email}` });
      await expect(mail.locator("[data-status]")).toHaveText("kept in the sandbox mailbox");
      await expect(mail).toContainText(/\/set-password\?token=\S+/);
      // Issue 12: the sandbox mailbox keeps showing links and codes (what its testers need); they work.
      await expect(mail.locator("[data-secret]")).toHaveAttribute("data-secret", "shown");
      const link =
        /http\S+\/set-password\?token=[\w-]+/.exec((await mail.locator("pre").textContent()) ?? "")?.[0] ?? "";
      const reader = await (await page.context().browser()!.newContext()).newPage();
      await reader.goto(link);
      await expect(reader.getByLabel("New password")).toBeVisible();
      const tester = uniqueEmail("tester");
      await reader.goto(`${instance.appUrl}/developers`);
      await reader.getByLabel("Email").fill(tester);
      await reader.getByLabel("Password").fill("correct horse battery");
      await reader.getByRole("button", { name: "Create account" }).last().click();
      await expect(reader.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 15_000 });
      await page.reload();
      const codeMail = page.getByRole("article", { name: `Message to ${tester}` });
      await expect(codeMail.locator("[data-secret]")).toHaveAttribute("data-secret", "shown");
      const code = /^\d{6}$/m.exec((await codeMail.locator("pre").textContent()) ?? "")?.[0] ?? "";
      await reader.getByLabel("Verification code").fill(code);
      await reader.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(reader.getByRole("heading", { name: "Check your e-mail" })).toHaveCount(0);
      await reader.context().close();
      await expect(mail.getByRole("button", { name: "Send again" })).toHaveCount(0);
      await checkAccessibility(page, testInfo, "operator-outbox");
      // Rendered through the same layout as delivered mail, for the integrator to look at.
      await mail.getByRole("button", { name: "Show the mail as sent (HTML)" }).click();
      await expect(mail.locator("iframe").contentFrame().getByText("Set your password").first()).toBeVisible();
      await docScreenshot(page, "sandbox-mailbox");
      // Nothing left the instance.
      expect(await allMail(email)).toHaveLength(0);
    } finally {
      await request.dispose();
      await stopServer(instance.server);
    }
  },
);
