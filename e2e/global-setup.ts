import fs from "node:fs";
import { pgliteTemplate } from "../server/testing/migrated-template.ts";
import { startTestMailServer } from "../server/testing/test-mail-server.ts";
import { PGLITE_TEMPLATE_ENV } from "./fixtures/spawn-server.ts";
import { testServer } from "./fixtures/test-server.ts";

/**
 * Starts the test mail server for the whole run: a real SMTP server on the port the test server's settings name,
 * storing what it receives in the mailbox directory that e2e/fixtures/mailbox.ts reads (emptied first), and builds the
 * PGlite database migrated to head that every instance a test starts on the embedded database begins from
 * (fixtures/spawn-server.ts): a fresh one spends seconds in initdb and the migrations. Returns the teardown, which
 * stops the mail server and removes the mailbox.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const { smtpPort, mailDir } = testServer();
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
  const server = await startTestMailServer({ dir: mailDir, port: smtpPort });
  // Workers inherit what global setup puts in the environment.
  process.env[PGLITE_TEMPLATE_ENV] = await pgliteTemplate();
  return async () => {
    await server.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
