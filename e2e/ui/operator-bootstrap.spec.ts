import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { freePort } from "../fixtures/free-port.ts";
import { waitForMail } from "../fixtures/mailbox.ts";
import { expectApiHidden, expectPagesHidden } from "../fixtures/operator-hidden.ts";
import { productionEnvironment } from "../fixtures/production-instance.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { spawnServer, stopServer, waitFor, type SpawnedServer } from "../fixtures/spawn-server.ts";
import { onPostgres } from "../fixtures/on-postgres.ts";

/**
 * C57 on a production instance, which starts with no operator: the command line prints a single-use invitation for
 * the first administrator (and refuses once one exists); the invitee sets a password and enrols a passkey (a virtual
 * authenticator in Chromium), then signs in with password and passkey. The password alone reaches nothing.
 */

/** `npm run operator:invite -- --email …` with the instance's own environment. */
function inviteFromCommandLine(env: Record<string, string | undefined>, email: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/operator-invite.ts", "--email", email], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/operator");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Foperator/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
  await expect(page).toHaveURL(/\/sign-in\/second-factor\?next=%2Foperator/, { timeout: 15_000 });
}

onPostgres("production on PostgreSQL", () => {
  test("C57 the first administrator is invited from the command line, enrols a passkey and signs in with it; a password alone reaches nothing", async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const database = (await scratchDatabase("tokenrail_e2e_opauth"))!;
    const { env, devnet } = await productionEnvironment(database.env.DATABASE_URL);
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    const instanceEnv = { ...env, PORT: String(port), TOKENRAIL_APP_URL: appUrl };
    const email = `first-admin-${randomBytes(4).toString("hex")}@example.com`;
    const password = "a long and unguessable password";
    let production: SpawnedServer | undefined;
    try {
      const invited = await inviteFromCommandLine(instanceEnv, email);
      expect(invited.code, invited.stderr).toBe(0);
      const link = /http:\/\/\S+\/operator-invitation\?token=[\w-]+/.exec(invited.stdout)?.[0];
      expect(link, invited.stdout).toBeDefined();
      expect(link!.startsWith(`${appUrl}/operator-invitation?token=`)).toBe(true);

      production = spawnServer(port, instanceEnv);
      await waitFor(`${appUrl}/livez`);
      // The same link reaches the address by mail, once the instance's mail worker runs.
      const mail = await waitForMail({ to: email, subject: /invited to operate Tokenrail/, timeoutMs: 60_000 });
      expect(mail.links).toContain(link);

      const context = await browser.newContext({ baseURL: appUrl });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
        },
      });

      // A forged link says so.
      await page.goto(`${link!.replace(/token=.*/, "token=")}forged-token`);
      await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();

      // The invitation: a name and a password, then a passkey, then the recovery codes, then the console.
      await page.goto(link!);
      await expect(
        page.getByText(`You are invited to operate Tokenrail as ${email} (reviewer, treasurer, admin, compliance).`),
      ).toBeVisible();
      await page.getByLabel("Your name").fill("First Admin");
      await page.getByLabel("Choose a password").fill(password);
      await page.getByLabel("Repeat it").fill(password);
      await page.getByRole("button", { name: "Accept and continue" }).click();
      await expect(page.getByRole("heading", { name: "Set up a second factor" })).toBeVisible({ timeout: 15_000 });
      await page.getByLabel("Name of this passkey").fill("Test authenticator");
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await expect(page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem")).toHaveCount(10);
      await page.getByRole("button", { name: "I have kept them — continue" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/operator", { timeout: 15_000 });
      await expect(page.getByRole("navigation", { name: "Operator console" })).toBeVisible();
      expect((await page.request.get("/api/admin/profiles")).status()).toBe(200);

      // The link worked once; the command line now refuses: the instance has its administrator.
      await page.goto(link!);
      await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
      const again = await inviteFromCommandLine(instanceEnv, "second@example.com");
      expect(again.code).not.toBe(0);
      expect(again.stderr).toContain("This instance already has an administrator");
      expect(again.stdout).not.toContain("operator-invitation");

      // Signed out, then in again: password, then the passkey.
      await page.goto("/operator");
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/");
      await signInWithPassword(page, email, password);
      await page.getByRole("button", { name: "Use your passkey" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/operator", { timeout: 15_000 });
      await expect(page.getByRole("navigation", { name: "Operator console" })).toBeVisible();
      await context.close();

      // Someone with the password and no passkey: every console page and admin API route is a 404 to them.
      const thiefContext = await browser.newContext({ baseURL: appUrl });
      const thief = await thiefContext.newPage();
      await signInWithPassword(thief, email, password);
      await expect(thief.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
      await expectApiHidden(thief.request, appUrl, "password only");
      await expectPagesHidden(thief.request, appUrl, "password only");
      await thiefContext.close();
    } finally {
      if (production) await stopServer(production);
      await devnet.close();
      await database.drop();
    }
  });
});
