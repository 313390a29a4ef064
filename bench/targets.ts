import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Load } from "./load.ts";
import { clientCredentialsToken, freePort, waitForMarker, waitForOk } from "./net.ts";
import { startServer } from "./processes.ts";
import type { TargetName } from "./report.ts";

/**
 * Brings up what P1 measures: one `next start` of the production build (trivial and context) and the bare
 * node:http server (bench/bare-server.ts), each with its own fresh data directory, and a token for each.
 */

// The Next CLI itself, not npx: a signal must reach the server, not an intermediate process that leaves it running.
export const nextBin = (root: string) => path.join(root, "node_modules/next/dist/bin/next");

/** The newest modification time of `dir` itself when it is a file, or of a file under it (0 if none). */
function newestChange(dir: string): number {
  if (fs.statSync(dir).isFile()) return fs.statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * `next start` needs a production build, and one older than the source would measure code that is no longer
 * there: build when there is none or when anything the server runs changed after it.
 */
export function ensureBuild(root: string): void {
  const buildId = path.join(root, ".next/BUILD_ID");
  if (fs.existsSync(buildId)) {
    const built = fs.statSync(buildId).mtimeMs;
    // The folders, and the files at the root that go into the build (the browser's first script among them).
    const sources = [
      "app",
      "components",
      "server",
      "prisma",
      "proxy.ts",
      "instrumentation.ts",
      "instrumentation-client.ts",
      "next.config.mjs",
    ].map((dir) => path.join(root, dir));
    if (sources.every((dir) => !fs.existsSync(dir) || newestChange(dir) <= built)) return;
    console.log("The source changed after the last build: running next build first…");
  } else console.log("No .next/BUILD_ID: running next build first…");
  const built = spawnSync(process.execPath, [nextBin(root), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (built.status !== 0) throw new Error(`next build failed (exit ${built.status})`);
}

/** The inherited environment minus anything that configures Tokenrail, so the shell's settings cannot skew the run. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith("TOKENRAIL_") || ["DATABASE_URL", "LOG_LEVEL", "PORT"].includes(key)) delete env[key];
  }
  return env;
}

/**
 * `next start` also reads .env files (without overriding what we set), the bare server does not: a DATABASE_URL
 * there would put the two on different databases. Warn rather than edit the developer's files.
 */
export function warnAboutDotenv(root: string): void {
  for (const name of [".env", ".env.local", ".env.production", ".env.production.local"]) {
    const file = path.join(root, name);
    if (fs.existsSync(file) && /^\s*(TOKENRAIL_|DATABASE_URL)/m.test(fs.readFileSync(file, "utf8"))) {
      console.warn(`Warning: ${name} configures Tokenrail; next start reads it, the bare server does not.`);
    }
  }
}

/** Both servers: sandbox, pinned demo credentials, info-level logging, each with its own PGlite data directory. */
export function serverEnv(
  temp: string,
  name: string,
  port: number,
  demo: { clientId: string; clientSecret: string },
): NodeJS.ProcessEnv {
  return {
    ...cleanEnv(),
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "info",
    PORT: String(port),
    TOKENRAIL_DATA_DIR: path.join(temp, `${name}-data`),
    TOKENRAIL_SEED_DEMO: "true",
    TOKENRAIL_DEMO_CLIENT_ID: demo.clientId,
    TOKENRAIL_DEMO_CODE_CLIENT_ID: randomUUID(),
    TOKENRAIL_DEMO_CLIENT_SECRET: demo.clientSecret,
  };
}

/** Starts both servers in parallel and returns what to load-test once each answers with a token. */
export async function startTargets(root: string, temp: string): Promise<Record<TargetName, Load>> {
  warnAboutDotenv(root);
  const demo = { clientId: randomUUID(), clientSecret: randomBytes(24).toString("base64url") };
  const [nextPort, barePort] = [await freePort(), await freePort()];
  const nextLog = path.join(temp, "next.log");
  const bareLog = path.join(temp, "bare.log");
  const next = startServer(process.execPath, [nextBin(root), "start", "-p", String(nextPort)], {
    cwd: root,
    env: serverEnv(temp, "next", nextPort, demo),
    log: nextLog,
  });
  // `--import tsx` runs the TypeScript in this one process (the tsx CLI would add a parent process).
  const bare = startServer(process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    cwd: root,
    env: serverEnv(temp, "bare", barePort, demo),
    log: bareLog,
  });
  const nextUrl = `http://127.0.0.1:${nextPort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const [nextToken, bareToken] = await Promise.all([
    waitForOk(`${nextUrl}/livez`, next, nextLog).then(() =>
      clientCredentialsToken(nextUrl, demo.clientId, demo.clientSecret),
    ),
    waitForMarker("BENCH_TOKEN", bare, bareLog),
  ]);
  return {
    trivial: { url: `${nextUrl}/livez` },
    context: { url: `${nextUrl}/api/auth/context`, headers: { authorization: `Bearer ${nextToken}` } },
    bare: { url: `${bareUrl}/api/auth/context`, headers: { authorization: `Bearer ${bareToken}` } },
  };
}
