import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../scripts/lib/chromium.ts";
import { KEEP_ALIVE_ARGS, NEXT_BIN } from "../scripts/lib/next-bin.ts";
import { testServer } from "./fixtures/test-server.ts";

/**
 * API tests (real HTTP) and UI tests (real Chromium) against one `next start` of the built app. The server's data
 * directory is fresh per run; with DATABASE_URL set the same tests run against that PostgreSQL.
 */
const server = testServer();
const browser = findChromium();

export default defineConfig({
  testDir: ".",
  outputDir: path.resolve("test-results"),
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  // On PostgreSQL, the tests that run only on embedded instances of their own would repeat the embedded leg's run.
  grepInvert: process.env.DATABASE_URL ? /@embedded-only/ : undefined,
  retries: 0,
  timeout: 30_000,
  // The test mail server every instance delivers to (e2e/fixtures/mailbox.ts).
  globalSetup: "./global-setup.ts",
  reporter: [["list"], ["json", { outputFile: path.resolve("test-results", "e2e.json") }]],
  use: { baseURL: server.appUrl },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts" },
    {
      name: "ui",
      testMatch: "ui/**/*.spec.ts",
      // A screen is the same on either database: the PostgreSQL leg runs only the browser tests that need its server
      // (e2e/fixtures/on-postgres.ts); the API tests, the units and those cover what the database changes.
      grep: process.env.DATABASE_URL ? /@postgres/ : undefined,
      use: {
        browserName: "chromium",
        launchOptions: { executablePath: browser.executablePath, args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: `"${process.execPath}" "${NEXT_BIN}" start -p ${server.port} ${KEEP_ALIVE_ARGS.join(" ")}`,
    cwd: process.cwd(),
    url: `${server.appUrl}/livez`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: server.env,
  },
});
