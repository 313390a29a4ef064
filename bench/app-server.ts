import type { ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import type { BenchDatabase } from "./database.ts";
import { freePort, waitForOk } from "./net.ts";
import { profiling } from "./profile.ts";
import { startServer, stopServer } from "./processes.ts";
import { nextBin, serverEnv } from "./targets.ts";

/**
 * One `next start` of the production build for P3 and P4, on its own data directory and database. It can be
 * stopped and started again on the same data (P3 writes to the embedded database while the server is down).
 * Sandbox settings: KYC is decided by the demo operator, orders are never processed automatically (the orders the
 * benchmarks place or seed stay as they are), requested IBANs are provisioned within a second.
 */
export type AppServer = {
  url: string;
  /** `{base_url}`: the API. */
  api: string;
  demo: { clientId: string; clientSecret: string };
  operator: { email: string; password: string };
  /** The instance's `TOKENRAIL_SECRET` (sessions, sealed webhook secrets): shared by instances of one deployment. */
  secret: string;
  codeClientId: string;
  child: ChildProcess;
  start: () => Promise<AppServer>;
};

/** The operator the demo seed creates (server/instance/seed-demo.ts). */
const OPERATOR_EMAIL = "operator@tokenrail.local";

export async function startApp(options: {
  root: string;
  temp: string;
  name: string;
  database: BenchDatabase;
  /** Another instance on the same database: its demo credentials and secret, so both are one deployment. */
  sameAs?: AppServer;
  /** Settings of this benchmark's own on top of the sandbox's (P10's baseline: `TOKENRAIL_SEAL_AT_REST=off`). */
  env?: Record<string, string>;
  /** Profiled (BENCH_CPU_PROF), its profiles go to a directory named after it (`<dir>/<name>/`). */
  profileNamed?: boolean;
}): Promise<AppServer> {
  const { root, temp, name, database, sameAs } = options;
  const demo = sameAs?.demo ?? { clientId: randomUUID(), clientSecret: randomBytes(24).toString("base64url") };
  const operator = sameAs?.operator ?? { email: OPERATOR_EMAIL, password: randomBytes(12).toString("base64url") };
  const secret = sameAs?.secret ?? randomBytes(32).toString("base64url");
  const codeClientId = sameAs?.codeClientId ?? randomUUID();
  const port = await freePort();
  const log = path.join(temp, `${name}.log`);
  const env = {
    ...serverEnv(temp, name, port, demo),
    TOKENRAIL_DEMO_OPERATOR_PASSWORD: operator.password,
    TOKENRAIL_SANDBOX_AUTO_APPROVE: "off",
    TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
    TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
    TOKENRAIL_SECRET: secret,
    TOKENRAIL_DEMO_CODE_CLIENT_ID: codeClientId,
    ...(database.kind === "postgres" ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  };
  const url = `http://127.0.0.1:${port}`;
  const start = async (): Promise<AppServer> => {
    const child = startServer(
      process.execPath,
      [...profiling(options.profileNamed ? name : undefined), nextBin(root), "start", "-p", String(port)],
      {
        cwd: root,
        env,
        log,
      },
    );
    // The first start migrates a fresh database; a restart on a million orders reopens a large embedded one.
    await waitForOk(`${url}/livez`, child, log, 180_000);
    return { url, api: `${url}/api`, demo, operator, secret, codeClientId, child, start };
  };
  return start();
}

export async function stopApp(app: AppServer): Promise<void> {
  await stopServer(app.child);
}
