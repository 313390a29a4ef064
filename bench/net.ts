import fs from "node:fs";
import net from "node:net";
import type { ChildProcess } from "node:child_process";

/** Start-up helpers: find a port, wait for a server to be ready (or to die, with its log), obtain a token. */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(log: string, lines = 30): string {
  try {
    return fs.readFileSync(log, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** Polls `probe` until it yields a value; throws with the server's log if the child exits or time runs out. */
async function until<T>(
  what: string,
  child: ChildProcess,
  log: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${what}: the server exited (${child.exitCode ?? child.signalCode}). Log:\n${tail(log)}`);
    }
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(200);
  }
  throw new Error(`${what}: not ready after ${timeoutMs / 1000}s. Log:\n${tail(log)}`);
}

export function waitForOk(url: string, child: ChildProcess, log: string, timeoutMs = 60_000): Promise<true> {
  return until(`GET ${url}`, child, log, timeoutMs, async () => ((await fetch(url)).ok ? true : undefined));
}

/** Waits for a line `<marker> <value>` in the child's log and returns the value. */
export function waitForMarker(marker: string, child: ChildProcess, log: string, timeoutMs = 60_000): Promise<string> {
  const pattern = new RegExp(`^${marker} (\\S+)$`, "m");
  return until(marker, child, log, timeoutMs, () => Promise.resolve(pattern.exec(tail(log, 1000))?.[1]));
}

/** `POST /api/auth/token` with the client-credentials grant; returns the access token. */
export async function clientCredentialsToken(baseUrl: string, clientId: string, clientSecret: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: clientId, client_secret: clientSecret }),
  });
  const body = (await response.json()) as { access_token?: unknown };
  if (!response.ok || typeof body.access_token !== "string") {
    throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}
