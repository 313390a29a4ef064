import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { startTestMailServer } from "../../server/testing/test-mail-server.ts";
import { clientCredentialsToken, server as shared, V2 } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";
import { freePort } from "../fixtures/free-port.ts";
import { allMail, waitForMail } from "../fixtures/mailbox.ts";
import { signInAsOperator } from "../fixtures/operator-page.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import {
  demoCredentialsOf,
  type SpawnedServer,
  spawnServer,
  startDemoInstance,
  stopServer,
  waitFor,
} from "../fixtures/spawn-server.ts";

/**
 * C54, the crash leg: an instance is killed (SIGKILL) while it is sending a mail (its mail server took the message
 * and never answered), then started again on the same data. The mail is not sent again: the console shows it as
 * uncertain, and only the operator's explicit "Send again" (audited) delivers it, once.
 */
test("C54: a mail being sent when its instance is killed is not sent again; the console shows it uncertain", async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const stalling = await startTestMailServer({ behaviour: "stall-after-data" });
  const database = await scratchDatabase("tokenrail_e2e_mail_crash");
  const port = await freePort();
  const settings = {
    ...database?.env,
    TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
    // The server never answers the message: the sender waits (far longer than the test) until it is killed.
    TOKENRAIL_SMTP_URL: stalling.url,
    TOKENRAIL_SMTP_TIMEOUT: "600",
  };
  const first = await startDemoInstance(port, settings);
  let server: SpawnedServer = first.server;
  const request = await playwright.request.newContext();
  try {
    const email = uniqueEmail("crash");
    const token = await clientCredentialsToken(request, first);
    const signup = await request.post(`${first.baseUrl}/auth/signup`, {
      headers: { authorization: `Bearer ${token}`, accept: V2 },
      data: { email },
    });
    expect(signup.status()).toBe(201);
    // The mail server has the message; the sender waits for its answer.
    await expect.poll(() => stalling.received(), { timeout: 30_000 }).toBe(1);
    server.child.kill("SIGKILL");
    await server.exited;

    // The same instance again, now with a mail server that answers (the shared test mail server).
    server = spawnServer(port, {
      ...settings,
      TOKENRAIL_SMTP_URL: shared.mail.TOKENRAIL_SMTP_URL,
      TOKENRAIL_SMTP_TIMEOUT: undefined,
      TOKENRAIL_DATA_DIR: first.server.dataDir,
      ...demoCredentialsOf(first),
    });
    await waitFor(`${first.appUrl}/readyz`);

    await signInAsOperator(page, `/operator/outbox?to=${encodeURIComponent(email)}`, first);
    const mail = page.getByRole("article", { name: `Message to ${email}` });
    await expect(async () => {
      await page.reload();
      await expect(mail).toContainText("uncertain: it may or may not have arrived", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(mail).toContainText("the sender stopped while sending");
    await expect(mail).toContainText("Attempts1");
    // Not sent again by itself: neither to the first mail server nor to the second.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(stalling.received()).toBe(1);
    expect(await allMail(email)).toHaveLength(0);

    // The operator chooses to send it again: it arrives, once, with the Message-ID it was queued with.
    await mail.getByRole("button", { name: "Send again" }).click();
    const received = await waitForMail({ to: email, subject: /Set your Tokenrail password/ });
    await expect(async () => {
      await page.reload();
      await expect(mail.locator("[data-status]")).toHaveText("sent", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    expect(received.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(await allMail(email)).toHaveLength(1);
    expect(stalling.received()).toBe(1);
    // And the audit log says who chose to.
    await page.goto(`${first.appUrl}/operator/audit`);
    await expect(page.getByText("mail.send-again").first()).toBeVisible();
  } finally {
    await request.dispose();
    await stopServer(server);
    await stalling.close();
    await database?.drop();
  }
});
