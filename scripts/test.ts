/**
 * `npm test`: typecheck, lint, unit tests, build, then API and browser tests against the started app. Runs on the
 * embedded database, or on PostgreSQL when DATABASE_URL is set. Ends with one line: `N passed, N failed`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findChromium } from "./lib/chromium.ts";
import { passedChecks, treeFingerprint } from "./lib/passed-checks.ts";
import { run } from "./lib/run.ts";

type Tally = { passed: number; failed: number };
const tally: Tally = { passed: 0, failed: 0 };
const failures: string[] = [];
/** What failed and why, repeated at the very end where a long log's tail shows it. */
const details: string[] = [];

function record(step: string, counts: Tally) {
  tally.passed += counts.passed;
  tally.failed += counts.failed;
  if (counts.failed > 0) failures.push(`${step}: ${counts.failed} failed`);
}

/** How long each step took, printed at the end: where a slow run's time went. */
const timings: { step: string; seconds: number }[] = [];
let current: { step: string; started: number } | undefined;

function heading(text: string) {
  endStep();
  current = { step: text, started: performance.now() };
  process.stdout.write(`\n=== ${text} ===\n`);
}

function endStep() {
  if (current) timings.push({ step: current.step, seconds: (performance.now() - current.started) / 1000 });
  current = undefined;
}

/** A check that is one command: it passes or fails as a whole. */
async function check(step: string, command: string, args: string[], env?: NodeJS.ProcessEnv) {
  heading(step);
  const { code } = await run(command, args, env);
  record(step, code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
  return code === 0;
}

const passed = passedChecks(treeFingerprint(), process.env.TOKENRAIL_TEST_RECHECK === "1");

/** The build's id, which changes with every `next build`: what a remembered build must still be. */
function buildId(): string | undefined {
  try {
    return fs.readFileSync(path.join(".next", "BUILD_ID"), "utf8").trim();
  } catch {
    return undefined;
  }
}

/**
 * A check that does not depend on the database: one that passed on this exact tree already (the first leg of CI,
 * or an earlier run here) is reported and not run again.
 */
async function treeCheck(step: string, command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const output = step === "build" ? buildId() : undefined;
  const before = (step !== "build" || output) && passed.passedBefore(step, output);
  if (before) {
    heading(step);
    process.stdout.write(
      `passed on this same tree at ${before.toISOString()}; not run again (TOKENRAIL_TEST_RECHECK=1 runs it)\n`,
    );
    record(step, { passed: 1, failed: 0 });
    return true;
  }
  const ok = await check(step, command, args, env);
  if (ok) passed.remember(step, step === "build" ? buildId() : undefined);
  return ok;
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

/**
 * A unit test file reaches the database only through the test instance, the client or the migrated template, or by
 * reading DATABASE_URL itself. One that does none of that (parsers, signatures, HTTP helpers) runs the same on either
 * database, so the PostgreSQL leg leaves it to the embedded one, as Playwright's leaves `@embedded-only` tests.
 */
const OPENS_A_DATABASE = /testing\/embedded-instance|db\/client|testing\/migrated-template|DATABASE_URL/;

async function unitTests() {
  heading("unit tests");
  let files = unitTestFiles();
  if (process.env.DATABASE_URL) {
    const all = files.length;
    files = files.filter((file) => OPENS_A_DATABASE.test(fs.readFileSync(file, "utf8")));
    process.stdout.write(`${all - files.length} of ${all} files open no database; the embedded run covers them\n`);
  }
  // Two files at a time: a file spends seconds starting (tsx, the database copy) on one core, so the second core
  // runs another meanwhile; each file has a database of its own.
  const { code, output } = await run("node", [
    "--import",
    "tsx",
    "--test",
    "--test-concurrency=2",
    "--test-reporter=spec",
    ...files,
  ]);
  const count = (label: string) => Number(new RegExp(`^ℹ ${label} (\\d+)$`, "m").exec(output)?.[1] ?? NaN);
  const passed = count("pass");
  const failed = count("fail");
  const cancelled = count("cancelled");
  // The spec reporter closes with its own list of failures; a cancelled test (its promise never settled, or its
  // file's process ended early) is a failure too.
  const failing = output.indexOf("\u2716 failing tests:");
  if (failing >= 0) details.push(output.slice(failing).split("\n").slice(0, 80).join("\n"));
  else if (code !== 0)
    details.push(`unit tests: node --test exited with ${code}\n${output.split("\n").slice(-40).join("\n")}`);
  if (cancelled > 0) details.push(`unit tests: ${cancelled} cancelled`);
  if (Number.isNaN(passed) || Number.isNaN(failed)) record("unit tests", { passed: 0, failed: 1 });
  else record("unit tests", { passed, failed: failed + (code !== 0 && failed === 0 ? 1 : 0) });
}

type PlaywrightSuite = {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
};
type PlaywrightReport = {
  stats?: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
};

/** Each test that did not pass as expected: where it is, and the first lines of its first error. */
function playwrightFailures(suites: PlaywrightSuite[] = []): string[] {
  const lines: string[] = [];
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status === "expected") continue;
        const message = t.results.find((r) => r.error?.message)?.error?.message ?? "";
        const first = message
          .replace(/\u001b\[[0-9;]*m/g, "")
          .split("\n")
          .slice(0, 12)
          .join("\n  ");
        lines.push(`[${t.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${t.status})\n  ${first}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  return lines;
}

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
  details.push(...playwrightFailures(report.suites));
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
  await treeCheck("typecheck", "npx", ["tsc", "--noEmit"]);
  await treeCheck("lint", "npx", ["eslint", "--max-warnings=0", "."]);
  await treeCheck("format", "npx", ["prettier", "--check", "."]);
  await unitTests();
  if (await treeCheck("build", "npx", ["next", "build"], env)) await endToEndTests();
  else record("playwright (not run: build failed)", { passed: 0, failed: 1 });

  endStep();
  const total = timings.reduce((sum, t) => sum + t.seconds, 0);
  process.stdout.write(
    `\n=== time per step ===\n${timings.map((t) => `${t.seconds.toFixed(0).padStart(6)} s  ${t.step}`).join("\n")}\n${total.toFixed(0).padStart(6)} s  in all\n`,
  );
  if (details.length > 0) process.stdout.write(`\n=== failures in detail ===\n${details.join("\n\n")}\n`);
  if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.join("; ")}\n`);
  process.stdout.write(`\n${tally.passed} passed, ${tally.failed} failed\n`);
  process.exitCode = tally.failed > 0 ? 1 : 0;
}

await main();
