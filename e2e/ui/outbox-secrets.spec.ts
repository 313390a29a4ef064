import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort } from "../fixtures/free-port.ts";
import { waitForMail } from "../fixtures/mailbox.ts";
import { productionEnvironment } from "../fixtures/production-instance.ts";
import { productionConsole } from "../fixtures/production-operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startServer, stopServer, type SpawnedServer } from "../fixtures/spawn-server.ts";
import { onPostgres } from "../fixtures/on-postgres.ts";

/**
 * Issue 12 on a production instance: the first administrator's invitation (from the command line), a sign-up code
 * and a password reset link reach their addresses and work, while the operator's outbox (its page, and the page read
 * as bytes, with everything the browser is sent) shows them redacted, and once delivered the database keeps nothing
 * of them.
 */

/** `npm run operator:invite -- --email …` with the instance's own environment; its output. */
function inviteFromCommandLine(env: Record<string, string | undefined>, email: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/operator-invite.ts", "--email", email], {
    cwd: process.cwd(),
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, out })),
  );
}

/** Whether `text` holds `secret` standing alone (a code is six digits: not part of a longer run or word). */
const holds = (text: string, secret: string) => new RegExp(`(?<![\\w-])${secret}(?![\\w-])`).test(text);

onPostgres("production on PostgreSQL", () => {
  test("issue 12: C54 C55 production's outbox shows no reset link, sign-up code or invitation link, and keeps none once delivered", async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const database = (await scratchDatabase("tokenrail_e2e_outbox_secrets"))!;
    const { env, devnet } = await productionEnvironment(database.env.DATABASE_URL);
    const port = await freePort();
    const appUrl = `http://localhost:${port}`;
    const instanceEnv = { ...env, PORT: String(port), TOKENRAIL_APP_URL: appUrl };
    const hex = () => randomBytes(4).toString("hex");
    const firstAdmin = `first-admin-${hex()}@example.com`;
    const person = `person-${hex()}@example.com`;
    let server: SpawnedServer | undefined;
    let operator: Awaited<ReturnType<typeof productionConsole>> | undefined;
    try {
      // The first administrator's invitation: printed on the terminal (that is where it is meant to be read).
      const invited = await inviteFromCommandLine(instanceEnv, firstAdmin);
      expect(invited.code, invited.out).toBe(0);
      const invitationLink = /http:\/\/\S+\/operator-invitation\?token=[\w-]+/.exec(invited.out)?.[0] ?? "";
      expect(invitationLink).not.toBe("");
      server = await startServer(port, instanceEnv);
      operator = await productionConsole({ appUrl, databaseUrl: database.env.DATABASE_URL });

      // A person signs up on the screens; the code arrives and verifies the address.
      const page = await (await browser.newContext({ baseURL: appUrl })).newPage();
      await page.goto("/developers");
      await page.getByLabel("Email").fill(person);
      await page.getByLabel("Password").fill("correct horse battery");
      await page.getByRole("button", { name: "Create account" }).last().click();
      await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 15_000 });
      const codeMail = await waitForMail({ to: person, subject: /verification code/, timeoutMs: 60_000 });
      const code = codeMail.code ?? "";
      expect(code).toMatch(/^\d{6}$/);
      expect(codeMail.text).toContain(code);

      await page.getByLabel("Verification code").fill(code);
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(page.getByRole("heading", { name: /Your applications/ })).toBeVisible({ timeout: 30_000 });

      // They ask for a reset link; it arrives and opens the form to choose a new password.
      const asked = await request.post(`${appUrl}/forgot-password/send`, { form: { email: person } });
      expect(asked.status()).toBe(200);
      const resetMail = await waitForMail({
        to: person,
        subject: /^Reset your Tokenrail password$/,
        timeoutMs: 60_000,
      });
      const resetLink = resetMail.links.find((l) => l.includes("/set-password?token=")) ?? "";
      expect(resetLink.startsWith(`${appUrl}/set-password?token=`)).toBe(true);
      const reader = await (await browser.newContext()).newPage();
      await reader.goto(resetLink);
      await expect(reader.getByRole("heading", { name: "Choose a new password" })).toBeVisible();

      // The invitation reached its address too, with the printed link.
      const invitationMail = await waitForMail({ to: firstAdmin, subject: /invited to operate/, timeoutMs: 60_000 });
      expect(invitationMail.links).toContain(invitationLink);

      const tokens = [resetLink, invitationLink].map((link) => new URL(link).searchParams.get("token") ?? "");
      const leaks = (text: string) => [...tokens.filter((t) => text.includes(t)), ...(holds(text, code) ? [code] : [])];

      // The database, once the three are marked sent, holds none of them, in any column.
      const db = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await db.connect();
      try {
        const rows = async () =>
          (
            await db.query<{ row: string; status: string }>(
              // Every mail of this instance's own database: these three (the recipients are sealed, C70).
              `SELECT row_to_json(m)::text AS row, status FROM "OutboxMessage" m`,
            )
          ).rows;
        await expect
          .poll(async () => (await rows()).map((r) => r.status), { timeout: 30_000 })
          .toEqual(Array(3).fill("sent"));
        const stored = (await rows()).map((r) => r.row).join("\n");
        expect(leaks(stored)).toEqual([]);
        expect(stored).toContain('"secretSealed":null');
        expect(stored).not.toContain(person);
      } finally {
        await db.end();
      }

      // The outbox read as bytes by an admin: the page and everything it hands the browser (the HTML previews too).
      const bytes = await operator.api.get("/operator/outbox");
      expect(bytes.status()).toBe(200);
      const html = await bytes.text();
      expect(html).toContain(person);
      expect(leaks(html)).toEqual([]);
      expect(html).toContain("[redacted]");

      // And on the screen: each mail redacted, its secret marked erased, no "Send again".
      const screen = operator.page;
      await screen.goto(`${appUrl}/operator/outbox`);
      for (const [to, kind] of [
        [person, "email-verification"],
        [person, "password-reset"],
        [firstAdmin, "operator-invitation"],
      ] as const) {
        const mail = screen.getByRole("article", { name: `Message to ${to}` }).filter({ hasText: kind });
        await expect(mail.locator("[data-status]")).toHaveText("sent");
        await expect(mail.locator("[data-secret]")).toHaveAttribute("data-secret", "erased");
        await expect(mail.locator("pre")).toContainText("[redacted]");
        expect(leaks((await mail.textContent()) ?? "")).toEqual([]);
        await mail.getByRole("button", { name: "Show the mail as sent (HTML)" }).click();
        const srcdoc = (await mail.locator("iframe").getAttribute("srcdoc")) ?? "";
        expect(srcdoc).toContain("[redacted]");
        expect(leaks(srcdoc)).toEqual([]);
      }
      expect(leaks(await screen.content())).toEqual([]);
    } finally {
      await operator?.close();
      if (server) await stopServer(server);
      await devnet.close();
      await database.drop();
    }
  });
});
