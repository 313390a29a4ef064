import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * The image's smoke (.ci/image-test): API tests only, against instances the script started in containers behind
 * HAProxy, whose address it passes as TOKENRAIL_TEST_PORT; no server of its own and no browser.
 */
export default defineConfig({
  testDir: ".",
  outputDir: path.resolve("test-results", "image"),
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
});
