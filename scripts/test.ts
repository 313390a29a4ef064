/**
 * `npm test`: typecheck, lint, unit tests, build, then API and browser tests against the started app. Runs on the
 * embedded database, or on PostgreSQL when DATABASE_URL is set. Ends with one line: `N passed, N failed`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findChromium } from "./lib/chromium.ts";
import { run } from "./lib/run.ts";

type Tally = { passed: number; failed: number };
const tally: Tally = { passed: 0, failed: 0 };
const failures: string[] = [];

function record(step: string, counts: Tally) {
  tally.passed += counts.passed;
  tally.failed += counts.failed;
  if (counts.failed > 0) failures.push(`${step}: ${counts.failed} failed`);
}

function heading(text: string) {
  process.stdout.write(`\n=== ${text} ===\n`);
}

/** A check that is one command: it passes or fails as a whole. */
async function check(step: string, command: string, args: string[], env?: NodeJS.ProcessEnv) {
  heading(step);
  const { code } = await run(command, args, env);
  record(step, code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  return code === 0;
}

function unitTestFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "generated" && entry.name !== "node_modules") walk(full);
      else if (entry.isFile() && entry.name.endsWith(".test.ts")) files.push(full);
    }
  };
  for (const dir of ["server", "scripts", "components"]) walk(dir);
  return files.sort();
}

async function unitTests() {
  heading("unit tests");
  const files = unitTestFiles();
  const { code, output } = await run("node", ["--import", "tsx", "--test", "--test-reporter=spec", ...files]);
  const count = (label: string) => Number(new RegExp(`^ℹ ${label} (\\d+)$`, "m").exec(output)?.[1] ?? NaN);
  const passed = count("pass");
  const failed = count("fail");
  if (Number.isNaN(passed) || Number.isNaN(failed)) record("unit tests", { passed: 0, failed: 1 });
  else record("unit tests", { passed, failed: failed + (code !== 0 && failed === 0 ? 1 : 0) });
}

type PlaywrightReport = { stats?: { expected: number; unexpected: number; flaky: number; skipped: number } };

async function endToEndTests() {
  heading("API and browser tests (Playwright)");
  const browser = findChromium();
  if (browser.missing) {
    process.stdout.write(`${browser.missing}\n`);
    record("browser", { passed: 0, failed: 1 });
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-test-"));
  const reportFile = path.resolve("test-results", "e2e.json");
  fs.rmSync(reportFile, { force: true });
  const env = {
    ...process.env,
    TOKENRAIL_TEST_DATA_DIR: dataDir,
    TOKENRAIL_TEST_PORT: process.env.TOKENRAIL_TEST_PORT ?? "3210",
  };
  const { code } = await run("npx", ["playwright", "test", "--config", "e2e/playwright.config.ts"], env);
  fs.rmSync(dataDir, { recursive: true, force: true });
  let report: PlaywrightReport = {};
  try {
    report = JSON.parse(fs.readFileSync(reportFile, "utf8")) as PlaywrightReport;
  } catch {
    // No report: Playwright did not get as far as running tests.
  }
  const stats = report.stats;
  if (!stats) {
    record("playwright", { passed: 0, failed: 1 });
    return;
  }
  const skippedCount = stats.skipped;
  record("playwright", {
    passed: stats.expected,
    // A skipped test proves nothing; it counts against the run, as does a failure Playwright reports only by exit code.
    failed: stats.unexpected + stats.flaky + skippedCount + (code !== 0 && stats.unexpected === 0 ? 1 : 0),
  });
}

async function main() {
  const database = process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite";
  process.stdout.write(`Tokenrail test suite on ${database}\n`);
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  await check("typegen", "npx", ["next", "typegen"], env);
  await check("typecheck", "npx", ["tsc", "--noEmit"]);
  await check("lint", "npx", ["eslint", "--max-warnings=0", "."]);
  await check("format", "npx", ["prettier", "--check", "."]);
  await unitTests();
  if (await check("build", "npx", ["next", "build"], env)) await endToEndTests();
  else record("playwright (not run: build failed)", { passed: 0, failed: 1 });

  if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join("; ")}\n`);
  process.stdout.write(`\n${tally.passed} passed, ${tally.failed} failed\n`);
  process.exitCode = tally.failed > 0 ? 1 : 0;
}

await main();
