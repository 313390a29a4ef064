import fs from "node:fs";
import { startTestMailServer } from "../server/testing/test-mail-server.ts";
import { testServer } from "./fixtures/test-server.ts";

/**
 * Starts the test mail server for the whole run: a real SMTP server on the port the test server's settings name,
 * storing what it receives in the mailbox directory that e2e/fixtures/mailbox.ts reads (emptied first). Returns
 * the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const { smtpPort, mailDir } = testServer();
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
  const server = await startTestMailServer({ dir: mailDir, port: smtpPort });
  return () => server.close();
}
