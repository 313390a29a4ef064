import path from "node:path";
import { startApp, stopApp, type AppServer } from "./app-server.ts";
import { call, fundedCustomer, type FundedCustomer } from "./customer.ts";
import { benchDatabase } from "./database.ts";
import { percentile } from "./load.ts";
import { P5L_TARGET, type Latency } from "./p5-report.ts";
import { LoadWindows, profileDir } from "./profile.ts";
import { serverDied } from "./processes.ts";
import { machine, writeResult, type BenchContext } from "./settings.ts";
import { BenchReceiver, type Arrival } from "./webhook-receiver.ts";

/**
 * Benchmark P5l on its own (`npm run bench -- p5l`): the latency leg of P5 (bench/p5.ts), without the bursts.
 * `BENCH_P5_PAYMENTS` sandbox payments (200), one at a time with a random pause, each timed from just before its
 * request to the arrival of its `order.created` at a receiver in this process: the payment's own processing up to
 * its commit, the commit's notification waking the worker, the fan-out, the POST. Judged against P5L_TARGET.
 */

const PAYMENTS = Number(process.env.BENCH_P5_PAYMENTS ?? 200);
/** The pause after each latency payment is random up to this long, so the payments fall anywhere in the poll cycle. */
const PAUSE_MS = 500;
/** The worker's fallback poll (server/config.ts): the funding payment's events are out by then. */
export const POLL_MS = 2000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function alive(): void {
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}; killed from outside or crashed (BENCH_KEEP=1 keeps its log)`);
}

/** Resolves once `done()` holds, polling; false if `timeoutMs` passes first. */
export async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    alive();
    await sleep(20);
  }
  return true;
}

const memoOf = (arrival: Arrival) => (typeof arrival.data.memo === "string" ? arrival.data.memo : "");

/**
 * Sandbox payments into the customer's IBAN, one at a time; each `order.created` delivery's arrival minus the
 * moment just before its request. A random pause after each spreads the events over the worker's polling phase.
 * Also returns one delivered order, the model for the burst's events.
 */
export async function measureLatency(
  app: AppServer,
  customer: FundedCustomer,
  receiver: BenchReceiver,
  payments = PAYMENTS,
): Promise<{ latency: Latency; template: Record<string, unknown> }> {
  const arrived = new Map<string, Arrival>();
  let duplicates = 0;
  receiver.listener = (arrival) => {
    if (arrival.type !== "order.created" || !memoOf(arrival).startsWith("Benchmark P5 latency ")) return;
    if (arrived.has(memoOf(arrival))) duplicates++;
    else arrived.set(memoOf(arrival), arrival);
  };
  const sent = new Map<string, number>();
  for (let i = 0; i < payments; i++) {
    alive();
    const memo = `Benchmark P5 latency ${i} ${crypto.randomUUID()}`;
    const at = performance.now();
    await call("POST", `${app.api}/sandbox/payments`, {
      headers: customer.partner,
      json: { iban: customer.iban, amount: "1", memo },
      status: 201,
    });
    sent.set(memo, at);
    await sleep(Math.random() * PAUSE_MS);
  }
  await until(() => arrived.size >= payments, 10_000);
  const times = [...sent].flatMap(([memo, at]) => {
    const arrival = arrived.get(memo);
    return arrival ? [arrival.at - at] : [];
  });
  times.sort((a, b) => a - b);
  const template = [...arrived.values()][0]?.data;
  if (!template) throw new Error("P5: no order.created delivery arrived during the latency phase");
  const latency = {
    events: times.length,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    minMs: times[0] ?? NaN,
    maxMs: times.at(-1) ?? NaN,
    bad: payments - times.length + duplicates,
  };
  return { latency, template };
}

/** A funded customer of `app` whose application subscribed `receiver` to its orders' events. */
export async function subscribedCustomer(app: AppServer, receiver: BenchReceiver): Promise<FundedCustomer> {
  const url = await receiver.start();
  const customer = await fundedCustomer(app, "1");
  // The funding payment's own events fan out at once, or at the latest at the next poll; subscribing after them
  // keeps them out.
  await sleep(POLL_MS + 500);
  await call("POST", `${app.api}/webhooks`, {
    headers: customer.partner,
    json: { url, secret: receiver.secret, types: ["order.created", "order.updated"] },
    status: 201,
  });
  return customer;
}

export async function runP5Latency(context: BenchContext): Promise<void> {
  const database = await benchDatabase(path.join(context.temp, "p5l-data"), "p5l");
  if (database.kind === "postgres") context.atEnd(database.drop);
  console.log(`\nP5l: sandbox payment → order.created at a loopback receiver, on ${database.label}`);
  const app = await startApp({ root: context.root, temp: context.temp, name: "p5l", database });
  const receiver = new BenchReceiver();
  try {
    const customer = await subscribedCustomer(app, receiver);
    console.log(`Latency: ${PAYMENTS} sandbox payments, one at a time`);
    // Profiled (BENCH_CPU_PROF), a first window of 20 payments warms the route up and is left out of the profile's
    // split (`npm run bench:profile -- <dir>`), which then charges the server's CPU to the measured payments.
    const windows = new LoadWindows("p5l");
    const payments = async (count: number) => {
      const measured = await measureLatency(app, customer, receiver, count);
      return { result: measured.latency, requests: count };
    };
    if (profileDir())
      await windows.measure("sandbox payment", "POST /sandbox/payments, one at a time", () => payments(20));
    const latency = await windows.measure("sandbox payment", "POST /sandbox/payments, one at a time", () =>
      payments(PAYMENTS),
    );
    windows.write();
    alive();
    await stopApp(app);
    const valid = latency.bad === 0 && receiver.unverified === 0;
    const pass = valid && latency.p50Ms <= P5L_TARGET.p50Ms && latency.p99Ms <= P5L_TARGET.p99Ms;
    console.log(
      `event → receiver latency over ${latency.events} sandbox payments: p50 ${latency.p50Ms.toFixed(0)} ms, ` +
        `p99 ${latency.p99Ms.toFixed(0)} ms (min ${latency.minMs.toFixed(0)}, max ${latency.maxMs.toFixed(0)})`,
    );
    const verdict = !valid
      ? "INVALID — deliveries went missing or twice, or signatures did not verify"
      : `${pass ? "PASS" : "FAIL"} — event → receiver p50 ${latency.p50Ms.toFixed(0)} ms ` +
        `(target ≤ ${P5L_TARGET.p50Ms}), p99 ${latency.p99Ms.toFixed(0)} ms (target ≤ ${P5L_TARGET.p99Ms})`;
    console.log(`\nP5l verdict: ${verdict}   (${database.label})\n`);
    writeResult("p5l", {
      machine: machine(context.loadBefore),
      database: database.label,
      latency,
      unverified: receiver.unverified,
      target: { latencyP50Ms: P5L_TARGET.p50Ms, latencyP99Ms: P5L_TARGET.p99Ms },
      valid,
      pass,
    });
  } finally {
    await receiver.stop();
  }
}
