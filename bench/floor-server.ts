import type { ChildProcess } from "node:child_process";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort, waitForOk } from "./net.ts";
import { startServer, stopServer } from "./processes.ts";
import { profiling } from "./profile.ts";
import { cleanEnv, nextBin } from "./targets.ts";

/**
 * P2's floor (bench/floor-app): a Next.js app of two route handlers, a constant GET and a POST that reads a form and
 * answers a token response's JSON and headers without doing anything else. Built when its build is missing or
 * older than its files, started with `next start` as the app is. POST ÷ GET there is what the framework leaves a
 * token endpoint on this machine, whatever the endpoint does. Nothing of Tokenrail runs in it: its own
 * instrumentation.js starts nothing, and it gets none of the app's settings (database, data directory).
 */
export type FloorApp = { url: string; child: ChildProcess };

const dir = (root: string) => path.join(root, "bench/floor-app");

function ensureFloorBuild(root: string): void {
  const app = dir(root);
  const buildId = path.join(app, ".next/BUILD_ID");
  const sources = ["next.config.mjs", "instrumentation.js", "app/livez/route.js", "app/token/route.js"].map((f) =>
    path.join(app, f),
  );
  if (fs.existsSync(buildId) && sources.every((f) => fs.statSync(f).mtimeMs <= fs.statSync(buildId).mtimeMs)) return;
  console.log("Building the floor app (bench/floor-app)…");
  const built = spawnSync(process.execPath, [nextBin(root), "build", app], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (built.status !== 0) throw new Error(`next build of the floor app failed (exit ${built.status})`);
}

export async function startFloorApp(root: string, temp: string): Promise<FloorApp> {
  ensureFloorBuild(root);
  const port = await freePort();
  const log = path.join(temp, "floor-app.log");
  const child = startServer(process.execPath, [...profiling(), nextBin(root), "start", dir(root), "-p", String(port)], {
    cwd: root,
    env: { ...cleanEnv(), NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    log,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(`${url}/livez`, child, log);
  return { url, child };
}

export const stopFloorApp = (floor: FloorApp) => stopServer(floor.child);
