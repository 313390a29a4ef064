import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { startApp, type AppServer } from "./app-server.ts";
import { cpuMs, processesNamed, processTree } from "./cpu.ts";
import { linkedCustomer, partnerHeaders } from "./customer.ts";
import { benchDatabase } from "./database.ts";
import { freePort } from "./net.ts";
import { serverDied, stopAll } from "./processes.ts";
import { int, median, printTable } from "./report.ts";
import { CONNECTIONS, machine, ROUNDS, SECONDS, writeResult, type BenchContext } from "./settings.ts";

/**
 * Benchmark P7: several instances behind a load balancer. Two `next start` instances on one PostgreSQL database,
 * each behind HAProxy with the configuration the README documents (deploy/haproxy.cfg): one balancer sends to both,
 * the other to the first only (its two server lines name the same instance). A read-heavy mix of a partner's calls
 * (`/auth/context`, a profile, its addresses, a balance, its orders) goes through each balancer in alternating
 * rounds, `BENCH_CONNECTIONS` at a time. On this 2-core machine one instance already uses both cores, so two cannot
 * double the throughput: the ratio (two ÷ one) measures that instances do not contend with each other (shared
 * locks, connection pools, a cache stampede) and must be at least 0.95; the two-instance run must have no errors.
 * Needs PostgreSQL (DATABASE_URL): instances share nothing else.
 */

export const P7_TARGET = 0.95;
const PATHS = (profile: string, address: string) => [
  "/api/auth/context",
  `/api/profiles/${profile}`,
  `/api/addresses?profile=${profile}`,
  `/api/balances/sepolia/${address}`,
  `/api/orders?profile=${profile}`,
];

type Balancer = { url: string; child: ChildProcess; log: string };

function startBalancer(root: string, temp: string, name: string, port: number, instances: [string, string]): Balancer {
  const log = path.join(temp, `${name}.log`);
  const out = fs.openSync(log, "a");
  const child = spawn("haproxy", ["-f", path.join(root, "deploy/haproxy.cfg"), "-db"], {
    env: { ...process.env, LB_BIND: `127.0.0.1:${port}`, INSTANCE_A: instances[0], INSTANCE_B: instances[1] },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  return { url: `http://127.0.0.1:${port}`, child, log };
}

async function ready(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(`${url}/readyz`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}/readyz did not answer 200 within ${timeoutMs / 1000}s`);
}

type Sample = { rps: number; bad: number; p50Ms: number; p99Ms: number; cpu: Record<Component, number> };

/** Where the CPU goes while the mix runs: per answered request, in milliseconds. */
const COMPONENTS = ["instances", "PostgreSQL", "HAProxy", "load generator"] as const;
type Component = (typeof COMPONENTS)[number];
type Meter = () => Record<Component, number>;

function meter(instances: ChildProcess[], balancers: ChildProcess[]): Meter {
  return () => ({
    instances: cpuMs(instances.flatMap((child) => processTree(child.pid))),
    PostgreSQL: cpuMs(processesNamed("postgres")),
    HAProxy: cpuMs(balancers.flatMap((child) => processTree(child.pid))),
    "load generator": (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
}

async function mix(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
  measure: Meter,
): Promise<Sample> {
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}`);
  const before = measure();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
  const after = measure();
  const answered = Math.max(1, result["2xx"]);
  return {
    rps: result["2xx"] / result.duration,
    bad: result.non2xx + result.errors + result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpu: Object.fromEntries(COMPONENTS.map((c) => [c, (after[c] - before[c]) / answered])) as Record<Component, number>,
  };
}

export async function runP7(context: BenchContext): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log("\nP7: needs PostgreSQL (DATABASE_URL=postgres://… npm run bench -- p7): not run");
    return;
  }
  const haproxy = spawn("haproxy", ["-v"], { stdio: "ignore" });
  const present = await new Promise<boolean>((resolve) => {
    haproxy.once("error", () => resolve(false));
    haproxy.once("exit", (code) => resolve(code === 0));
  });
  if (!present) throw new Error("P7 needs HAProxy on the PATH (apt-get install haproxy)");

  console.log(`\nP7: ${ROUNDS} rounds × ${SECONDS}s per balancer, ${CONNECTIONS} connections; starting two instances…`);
  const database = await benchDatabase(path.join(context.temp, "p7"), "scale");
  if (database.kind === "postgres") context.atEnd(database.drop);
  const first: AppServer = await startApp({ root: context.root, temp: context.temp, name: "p7-a", database });
  const second = await startApp({ root: context.root, temp: context.temp, name: "p7-b", database, sameAs: first });
  const instanceA = first.url.replace("http://", "");
  const instanceB = second.url.replace("http://", "");
  const both = startBalancer(context.root, context.temp, "p7-haproxy-two", await freePort(), [instanceA, instanceB]);
  const one = startBalancer(context.root, context.temp, "p7-haproxy-one", await freePort(), [instanceA, instanceA]);
  try {
    await Promise.all([ready(both.url), ready(one.url)]);
    const partner = await partnerHeaders(first);
    const customer = await linkedCustomer(first, partner);
    const paths = PATHS(customer.profile, customer.account.address);
    const headers = { ...partner, accept: "application/vnd.tokenrail.api-v2+json" };
    const measure = meter([first.child, second.child], [both.child, one.child]);
    // Route modules load on first use and V8 optimises the hot paths: a few seconds on each instance, not counted.
    for (const balancer of [both, one, both]) await mix(balancer.url, paths, headers, 3, measure);
    const samples = { two: [] as Sample[], one: [] as Sample[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (["one", "two"] as const) : (["two", "one"] as const);
      for (const name of order) {
        const sample = await mix((name === "two" ? both : one).url, paths, headers, SECONDS, measure);
        samples[name].push(sample);
        const bad = sample.bad ? `  (${sample.bad} non-2xx/errors!)` : "";
        console.log(
          `  round ${round + 1}/${ROUNDS}  ${name === "two" ? "two instances" : "one instance "}  ${int(sample.rps)} req/s${bad}`,
        );
      }
    }
    const rps = (list: Sample[]) => median(list.map((s) => s.rps));
    const errors = (list: Sample[]) => list.reduce((sum, s) => sum + s.bad, 0);
    const ratio = rps(samples.two) / rps(samples.one);
    const pass = ratio >= P7_TARGET && errors(samples.two) === 0;
    printTable(
      ["P7 read-heavy mix through HAProxy", "median req/s", "p50 / p99 ms", "errors"],
      (["one", "two"] as const).map((name) => [
        name === "two" ? "two instances, one PostgreSQL" : "one instance",
        int(rps(samples[name])),
        `${median(samples[name].map((s) => s.p50Ms))} / ${median(samples[name].map((s) => s.p99Ms))}`,
        String(errors(samples[name])),
      ]),
    );
    const cpu = (list: Sample[], component: Component) => median(list.map((s) => s.cpu[component]));
    printTable(
      ["P7 CPU per answered request (ms)", "one instance", "two instances"],
      [...COMPONENTS, "total"].map((component) => {
        const of = (list: Sample[]) =>
          component === "total"
            ? COMPONENTS.reduce((sum, c) => sum + cpu(list, c), 0)
            : cpu(list, component as Component);
        return [component, of(samples.one).toFixed(2), of(samples.two).toFixed(2)];
      }),
    );
    console.log(
      `P7 two ÷ one instance: ${ratio.toFixed(2)} (target ≥ ${P7_TARGET}), errors with two: ${errors(samples.two)} (target 0) → ${pass ? "PASS" : "FAIL"}`,
    );
    writeResult("p7", {
      machine: machine(context.loadBefore),
      database: database.label,
      settings: { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, paths: paths.length },
      rps: { one: rps(samples.one), two: rps(samples.two) },
      errors: { one: errors(samples.one), two: errors(samples.two) },
      cpuMsPerRequest: Object.fromEntries(
        COMPONENTS.map((c) => [c, { one: cpu(samples.one, c), two: cpu(samples.two, c) }]),
      ),
      ratio,
      target: P7_TARGET,
      pass,
    });
  } finally {
    both.child.kill("SIGTERM");
    one.child.kill("SIGTERM");
    await stopAll();
  }
}
