/**
 * `npm start`: checks the configuration, builds the app when the build is missing or older than the sources, then
 * runs `next start`. The server migrates the database, creates the sandbox demo data and prints where to go.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../server/config.ts";
import { KEEP_ALIVE_ARGS, NEXT_BIN } from "./lib/next-bin.ts";
import { run } from "./lib/run.ts";

const SOURCES = ["app", "components", "server", "instrumentation.ts", "next.config.mjs", "package-lock.json"];

function newestSource(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...fs.readdirSync(entry).map((child) => (child === "generated" ? 0 : newestSource(path.join(entry, child)))),
  );
}

function buildIsCurrent(): boolean {
  const buildId = path.join(".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return false;
  const built = fs.statSync(buildId).mtimeMs;
  return SOURCES.every((entry) => newestSource(entry) <= built);
}

let port: number;
try {
  port = loadConfig().port;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
if (!buildIsCurrent()) {
  console.log("Building the app (first start or changed sources)…");
  const { code } = await run("npx", ["next", "build"], env);
  if (code !== 0) process.exit(code);
}

const server = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), ...KEEP_ALIVE_ARGS], {
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
