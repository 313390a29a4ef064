import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { addKeyEncryptionKey } from "../../server/keys/keyring.ts";
import { checkAccessibility } from "../fixtures/accessibility.ts";
import { clientCredentialsToken, server, V2 } from "../fixtures/api.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";
import { freePort } from "../fixtures/free-port.ts";
import { uploadDocument, V4_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { signInOperator } from "../fixtures/operator-console.ts";
import {
  demoCredentialsOf,
  sandboxKeyringFile,
  type SpawnedServer,
  startDemoInstance,
  startServer,
  stopServer,
} from "../fixtures/spawn-server.ts";

// C70: the console's page on the keys at rest: the keyring's key names, the background passes with their progress
// (sealing what was kept in plain text, re-wrapping after a rotation) and what is left, counted now.

const work = (page: Page, name: string) => page.locator(`tr[data-work="${name}"]`);

test("C70 the Data keys page shows the keyring's current key, both sealing passes done and nothing left in plain text", async ({
  page,
}, testInfo) => {
  await signInOperator(page, "/operator/keys");
  await expect(page.getByRole("heading", { name: "Data keys", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Data keys" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Keyring" })).toContainText(/Current key\s*(derived|kek)-[0-9a-f-]+/);
  for (const name of ["seal-contents", "seal-records"]) {
    await expect(work(page, name).getByRole("cell").nth(1)).toHaveText("Done");
  }
  await expect(page.getByText("No rotation under way: the keyring holds one key.")).toBeVisible();
  await expect(page.locator('[data-count="plain-records"]')).toHaveText("0");
  await expect(page.locator('[data-count="older-records"]')).toHaveText("0");
  // The keys themselves never reach the page: only their names.
  const keyring = JSON.parse(fs.readFileSync(sandboxKeyringFile(server.dataDir), "utf8")) as {
    keks: { key: string }[];
    indexKey: string;
  };
  const html = await page.content();
  for (const secret of [...keyring.keks.map((k) => k.key), keyring.indexKey]) expect(html).not.toContain(secret);
  await checkAccessibility(page, testInfo, "operator-keys");
});

test(
  "C70 after a rotation and a restart, the page shows the re-wrap done under the new key and no record left under the old",
  EMBEDDED_ONLY,
  async ({ page, request }) => {
    test.setTimeout(150_000);
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-rotation-"));
    const first = await startDemoInstance(port, { TOKENRAIL_DATA_DIR: dataDir });
    let second: SpawnedServer | undefined;
    try {
      // Personal data sealed under the first key: three customers' details and documents.
      const partner = { authorization: `Bearer ${await clientCredentialsToken(request, first)}`, accept: V2 };
      for (let i = 0; i < 3; i++) {
        const signUp = await request.post(`${first.baseUrl}/auth/signup`, {
          headers: partner,
          data: { email: `rotation-${i}-${Date.now()}@example.com` },
        });
        expect(signUp.status(), await signUp.text()).toBe(201);
        const { profile } = (await signUp.json()) as { profile: string };
        const details = await request.patch(`${first.baseUrl}/profiles/${profile}/details`, {
          headers: partner,
          data: V4_PERSONAL_DETAILS,
        });
        expect(details.status()).toBe(202);
        await uploadDocument(request, partner, { baseUrl: first.baseUrl });
      }
      await stopServer(first.server, { keepData: true });

      // `npm run keys:rotate` adds a new current key to the keyring; every instance restarts to read it.
      const rotated = addKeyEncryptionKey(sandboxKeyringFile(dataDir));
      second = await startServer(port, {
        DATABASE_URL: undefined,
        TOKENRAIL_DATA_DIR: dataDir,
        ...demoCredentialsOf(first),
      });

      await page.goto(`${first.appUrl}/operator/keys`);
      await page.getByLabel("Email").fill(server.demo.operatorEmail);
      await page.getByLabel("Password").fill(first.operatorPassword);
      await page.getByRole("button", { name: "Sign in", exact: true }).last().click();
      await expect(page.getByRole("heading", { name: "Data keys", level: 1 })).toBeVisible({ timeout: 20_000 });
      const keyring = page.getByRole("region", { name: "Keyring" });
      await expect(keyring).toContainText(`Current key${rotated}`);
      await expect(keyring.locator("code")).toHaveCount(3);
      // The page reads itself again while the pass runs; it ends done, every item looked at, nothing under the old key.
      const rewrap = work(page, "rewrap");
      await expect(rewrap.getByRole("cell").nth(1)).toHaveText("Done", { timeout: 30_000 });
      await expect(rewrap.getByRole("cell").first()).toHaveText(rotated);
      const [done, total] = ((await rewrap.getByRole("cell").nth(2).textContent()) ?? "").match(/\d+/g)!.map(Number);
      expect(done).toBe(total);
      expect(total).toBeGreaterThanOrEqual(6);
      await expect(page.locator('[data-count="older-records"]')).toHaveText("0");
      await expect(page.locator('[data-count="plain-records"]')).toHaveText("0");
    } finally {
      if (second) await stopServer(second);
      await stopServer(first.server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
