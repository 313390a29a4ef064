/**
 * `npm start`: checks the configuration, builds the app when the build is missing or older than the sources, then
 * runs `next start`. The server migrates the database, creates the sandbox demo data and prints where to go.
 * With `TOKENRAIL_DEVNET=true` it first starts a local EVM chain for each sandbox chain, with the token contracts
 * deployed (scripts/lib/devnet.ts), and runs the server's EVM gateway against them: mints and burns are real
 * transactions. Those chains live in this process's memory, so the instance's data starts afresh with them, in
 * `$TOKENRAIL_DATA_DIR/devnet`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig, type Config } from "../server/config.ts";
import { startLocalChains } from "./lib/devnet.ts";
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

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
if (!buildIsCurrent()) {
  console.log("Building the app (first start or changed sources)…");
  const { code } = await run("npx", ["next", "build"], env);
  if (code !== 0) process.exit(code);
}

const chains = config.devnet ? await startLocalChains() : undefined;
if (chains) {
  const dataDir = path.join(config.dataDir, "devnet");
  fs.rmSync(dataDir, { recursive: true, force: true });
  Object.assign(env, chains.env, { TOKENRAIL_DATA_DIR: dataDir });
  console.log(`\n  Local devnet (in memory, new at each start; data in ${dataDir}):`);
  for (const line of chains.summary) console.log(`    ${line}`);
}
const port = config.port;

const server = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), ...KEEP_ALIVE_ARGS], {
  env,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  void (chains?.close() ?? Promise.resolve()).finally(() => process.exit(code ?? 0));
});
