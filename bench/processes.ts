import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/**
 * Servers under test run as children in their own process groups (Next or tsx may fork helpers), with stdout and
 * stderr going to a log file: the kernel absorbs the per-request log lines instead of this process, which shares
 * the two cores with autocannon. Every child is killed on exit and on Ctrl-C.
 */

/** Process-group ids of every server running (a detached child leads its own group, so pgid = its pid). */
const groups: number[] = [];
/** Servers we stopped ourselves; any other exit spoils the measurement and is recorded. */
const stopped = new Set<number>();
let earlyExit: string | undefined;

/** Why a server is gone before the end, if one is: a dead server would only yield connection errors. */
export function serverDied(): string | undefined {
  return earlyExit;
}

export function startServer(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; log: string },
) {
  const out = fs.openSync(options.log, "a");
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", out, out],
    detached: true,
  });
  fs.closeSync(out);
  if (child.pid !== undefined) groups.push(child.pid);
  child.once("exit", (code, signal) => {
    if (!stopped.has(child.pid ?? -1))
      earlyExit ??= `server \`${args.join(" ")}\` exited early (${signal ?? `code ${code}`})`;
  });
  return child;
}

/** Signals a child's whole process group; false when no process of the group is left. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops one server (SIGTERM, then SIGKILL after `graceMs`) and waits until its whole group is gone. */
export async function stopServer(child: ChildProcess, graceMs = 5000): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  stopped.add(pgid);
  signalGroup(pgid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (signalGroup(pgid, 0)) {
    if (Date.now() > deadline) signalGroup(pgid, "SIGKILL");
    await sleep(50);
  }
  groups.splice(groups.indexOf(pgid), 1);
}

/**
 * SIGTERM each child's group, then SIGKILL what is left after a grace period. Waits for the groups to be empty,
 * not just for the direct children: a server's helpers can outlive it by a moment.
 */
export async function stopAll(graceMs = 3000): Promise<void> {
  groups.forEach((pgid) => stopped.add(pgid));
  groups.forEach((pgid) => signalGroup(pgid, "SIGTERM"));
  const deadline = Date.now() + graceMs;
  while (groups.some((pgid) => signalGroup(pgid, 0))) {
    if (Date.now() > deadline) groups.forEach((pgid) => signalGroup(pgid, "SIGKILL"));
    await sleep(50);
  }
  groups.length = 0;
}

/** On Ctrl-C or SIGTERM: run `cleanup`, then exit 130. */
export function onInterrupt(cleanup: () => Promise<void>): void {
  const handler = () => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
}
