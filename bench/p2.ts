import autocannon from "autocannon";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { startApp, stopApp } from "./app-server.ts";
import { benchDatabase } from "./database.ts";
import { startFloorApp, stopFloorApp } from "./floor-server.ts";
import { alternatingRounds, type Sample } from "./load.ts";
import { freePort, waitForMarker } from "./net.ts";
import { serverDied, startServer } from "./processes.ts";
import { LoadWindows } from "./profile.ts";
import { printTable, summarise, summaryRow, SUMMARY_HEADER, type Summary } from "./report.ts";
import { CONNECTIONS, machine, ROUNDS, SECONDS, writeResult, type BenchContext } from "./settings.ts";

/**
 * Benchmark P2: the token endpoint at the speed of the stack. It loads
 *   trivial  GET /livez                     constant JSON from a Next route handler, on the app's own server,
 *   token    POST /api/auth/token           client_credentials (client_secret_post) on the same server: client
 *                                           authentication and a fresh signed token (nothing stored), one log line,
 *   oidc     POST /token                    the same grant from node-oidc-provider (bench/oidc-provider-server.ts) in a
 *                                           process of its own: its defaults, an in-memory store and opaque tokens,
 *   floor-get  GET /livez                  the floor app (bench/floor-app): a Next.js app of two route handlers,
 *   floor-post POST /token                 the same constant GET, and a POST that reads the same form and answers a
 *                                           token response's JSON and headers, doing nothing else,
 * in alternating rounds on loopback (the order rotates each round), so drift in the machine hits all alike.
 * Ratios: P2 token ÷ trivial, P2′ token ÷ oidc. Shown beside them, not judged: floor-post ÷ floor-get, the share
 * of a trivial GET that Next.js leaves any token endpoint on this machine, and token ÷ floor-post, how close
 * Tokenrail's endpoint comes to that floor. The app runs on the embedded database, or with DATABASE_URL set on
 * a scratch database on that PostgreSQL server (bench/database.ts). Every answer must be 2xx for a round to count.
 */

export const P2_TARGET = 0.8;
export const P2_OIDC_TARGET = 0.2;
const WARMUP_SECONDS = 1;

type Name = "trivial" | "token" | "oidc" | "floorGet" | "floorPost";
const NAMES: Name[] = ["trivial", "token", "oidc", "floorGet", "floorPost"];
const LABELS: Record<Name, string> = {
  trivial: "trivial  Next  GET /livez",
  token: "token    Next  POST /api/auth/token",
  oidc: "oidc     node-oidc-provider  POST /token",
  floorGet: "floor    bare Next  GET /livez",
  floorPost: "floor    bare Next  POST /token (form)",
};

type Target = { url: string; method?: "POST"; body?: string; headers?: Record<string, string> };

const form = (clientId: string, clientSecret: string) =>
  new URLSearchParams({
    grant_type: "client_credentials",
    client_id: clientId,
    client_secret: clientSecret,
  }).toString();
const FORM_HEADERS = { "content-type": "application/x-www-form-urlencoded" };

async function burst(target: Target, seconds: number): Promise<{ result: Sample; requests: number }> {
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}; killed from outside or crashed (BENCH_KEEP=1 keeps its log)`);
  const result = await autocannon({ ...target, connections: CONNECTIONS, duration: seconds });
  const sample = {
    rps: result["2xx"] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
  return { result: sample, requests: result["2xx"] };
}

/** Every token endpoint must answer 200 with a token, and Tokenrail's token must work at once. */
async function checkTokens(targets: Record<Name, Target>, api: string): Promise<void> {
  const token = async (target: Target) => {
    const response = await fetch(target.url, { method: "POST", headers: target.headers, body: target.body });
    const body = (await response.json()) as { access_token?: unknown };
    if (response.status !== 200 || typeof body.access_token !== "string") {
      throw new Error(`${target.url} answered ${response.status}: ${JSON.stringify(body)}`);
    }
    return body.access_token;
  };
  const ours = await token(targets.token);
  await token(targets.oidc);
  await token(targets.floorPost);
  const context = await fetch(`${api}/auth/context`, { headers: { authorization: `Bearer ${ours}` } });
  if (context.status !== 200) throw new Error(`a fresh token was refused: ${context.status} ${await context.text()}`);
}

async function startOidcProvider(context: BenchContext): Promise<Target> {
  const client = { id: randomUUID(), secret: randomBytes(32).toString("base64url") };
  const port = await freePort();
  const log = path.join(context.temp, "oidc-provider.log");
  const child = startServer(process.execPath, ["--import", "tsx", "bench/oidc-provider-server.ts"], {
    cwd: context.root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      BENCH_CLIENT_ID: client.id,
      BENCH_CLIENT_SECRET: client.secret,
    },
    log,
  });
  const issuer = await waitForMarker("OIDC_READY", child, log);
  return { url: `${issuer}/token`, method: "POST", headers: FORM_HEADERS, body: form(client.id, client.secret) };
}

export async function runP2(context: BenchContext): Promise<void> {
  const database = await benchDatabase(path.join(context.temp, "p2-data"), "p2");
  if (database.kind === "postgres") context.atEnd(database.drop);
  console.log(
    `\nP2: ${ROUNDS} rounds × ${SECONDS}s per target, ${CONNECTIONS} connections, loopback, on ${database.label}`,
  );
  const [app, oidc, floor] = await Promise.all([
    startApp({ root: context.root, temp: context.temp, name: "p2", database }),
    startOidcProvider(context),
    startFloorApp(context.root, context.temp),
  ]);
  const targets: Record<Name, Target> = {
    trivial: { url: `${app.url}/livez` },
    token: {
      url: `${app.api}/auth/token`,
      method: "POST",
      headers: FORM_HEADERS,
      body: form(app.demo.clientId, app.demo.clientSecret),
    },
    oidc,
    floorGet: { url: `${floor.url}/livez` },
    floorPost: {
      url: `${floor.url}/token`,
      method: "POST",
      headers: FORM_HEADERS,
      body: form(app.demo.clientId, app.demo.clientSecret),
    },
  };
  await checkTokens(targets, app.api);

  // With BENCH_CPU_PROF, when each target was under load: `npm run bench:profile` splits the profiles by them.
  const windows = new LoadWindows("p2");
  const load = (name: Name, seconds: number) =>
    windows.measure(name, LABELS[name], () => burst(targets[name], seconds));
  const samples = await alternatingRounds(NAMES, LABELS, load, {
    rounds: ROUNDS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
  windows.write();
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}`);
  await Promise.all([stopApp(app), stopFloorApp(floor)]);

  const summaries = {
    trivial: summarise(samples.trivial),
    token: summarise(samples.token),
    oidc: summarise(samples.oidc),
    floorGet: summarise(samples.floorGet),
    floorPost: summarise(samples.floorPost),
  } satisfies Record<Name, Summary>;
  report(context, database.label, summaries);
}

function report(context: BenchContext, database: string, summaries: Record<Name, Summary>): void {
  printTable(
    SUMMARY_HEADER,
    NAMES.map((name) => summaryRow(LABELS[name], summaries[name])),
  );
  const overTrivial = summaries.token.medianRps / summaries.trivial.medianRps;
  const overOidc = summaries.token.medianRps / summaries.oidc.medianRps;
  const floor = summaries.floorPost.medianRps / summaries.floorGet.medianRps;
  const overFloor = summaries.token.medianRps / summaries.floorPost.medianRps;
  const valid = Object.values(summaries).every((s) => s.badResponses === 0);
  const row = (check: string, ratio: number, target: number, what: string) => {
    const outcome = !valid ? "INVALID" : ratio >= target ? "PASS" : "FAIL";
    console.log(`${check.padEnd(3)} ${what} = ${ratio.toFixed(3)}   target ≥ ${target}   ${outcome}`);
    return valid && ratio >= target;
  };
  console.log("");
  const pass = row("P2", overTrivial, P2_TARGET, "token ÷ trivial");
  const passOidc = row("P2′", overOidc, P2_OIDC_TARGET, "token ÷ oidc   ");
  console.log(`    floor-post ÷ floor-get = ${floor.toFixed(3)}   what Next.js leaves a token endpoint (not judged)`);
  console.log(
    `    token ÷ floor-post     = ${overFloor.toFixed(3)}   how close the token endpoint comes to it (not judged)`,
  );
  if (!valid) console.log("INVALID — some requests failed or were not 2xx; the numbers do not measure the happy path");
  console.log(`\nP2 verdict: ${pass ? "PASS" : "FAIL"}; P2′ verdict: ${passOidc ? "PASS" : "FAIL"}   (${database})\n`);
  writeResult("p2", {
    machine: machine(context.loadBefore),
    database,
    settings: { rounds: ROUNDS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS },
    targets: summaries,
    ratios: {
      tokenOverTrivial: overTrivial,
      tokenOverOidcProvider: overOidc,
      floorPostOverFloorGet: floor,
      tokenOverFloorPost: overFloor,
    },
    target: { tokenOverTrivial: P2_TARGET, tokenOverOidcProvider: P2_OIDC_TARGET },
    valid,
    pass: { p2: pass, p2prime: passOidc },
  });
}
