import path from "node:path";
import { startApp, stopApp, type AppServer } from "./app-server.ts";
import type { FundedCustomer } from "./customer.ts";
import { benchDatabase, type BenchDatabase } from "./database.ts";
import type { Sample } from "./load.ts";
import { report } from "./p5-report.ts";
import { alive, measureLatency, POLL_MS, sleep, subscribedCustomer, until } from "./p5l.ts";
import { int } from "./report.ts";
import { seedEvents } from "./seed-events.ts";
import { ROUNDS, SECONDS, type BenchContext } from "./settings.ts";
import { signedPostLoop } from "./signed-posts.ts";
import { BenchReceiver, type Arrival } from "./webhook-receiver.ts";

/**
 * Benchmark P5: webhook delivery, to a receiver in this process on loopback that verifies every signature.
 * Throughput: a burst of `BENCH_P5_EVENTS` domain events (2,000) is written by one SQL statement
 * (bench/seed-events.ts) for a customer the demo application subscribed to; events/s is measured from the first
 * delivery's arrival to the last's: it leaves out the wait for the worker to start on them (on PostgreSQL the
 * wake-up, on PGlite the server's restart) and the fan-out of the first batch, and covers the rest of the fan-out,
 * claiming, signing, sending and recording. On PGlite, which the server must leave while the bench writes the burst,
 * a lead of 3,000 uncounted events goes before it, so the restarted server is measured warm (Next.js loads every
 * route module in its first second), as on PostgreSQL. The other side of each round: a bare loop of the same signed
 * POSTs of the same body from this process to the same kind of receiver, as many in parallel as the worker sends (its
 * waves of 20). Ratio: delivered events/s ÷ bare POSTs/s, judged against P5_TARGET for the database it ran on.
 * Latency (P5l): `BENCH_P5_PAYMENTS` sandbox payments (200), one at a time with a random pause, each timed from just
 * before its request to the arrival of its `order.created`: the wait the throughput window leaves out, for one
 * event — the commit's notification waking the worker, the fan-out, the POST. Judged against P5L_TARGET; the
 * worker's fallback poll (every 2 s) would put the p50 around a second if the wake-up did not happen.
 */

const BURST = Number(process.env.BENCH_P5_EVENTS ?? 2000);
/** Before the rounds, not counted: a whole burst (after one of 500, the first round still ran a fifth slower). */
const WARMUP_BURST = BURST;
/**
 * On PGlite, uncounted events written ahead of each burst, for the restarted server to warm up on: enough to outlast
 * Next.js loading every route module after it starts (about a second of CPU, which 500 did not cover).
 */
const LEAD = 3000;
/** What the worker uses: waves of 20 sent at once (server/webhooks/deliver.ts). */
const WORKER_BATCH = 20;
const BURST_TYPE = "order.created";

const memoOf = (arrival: Arrival) => (typeof arrival.data.memo === "string" ? arrival.data.memo : "");

/**
 * One burst: the events written at once (on PGlite with the server stopped, then started again), then every
 * delivery awaited. `rps` is events/s from the first arrival to the last; `bad` counts missing and repeated ones.
 * `firstMs` is how long after the insert the first one arrived (on PGlite that includes the restart and the lead).
 */
async function burst(options: {
  app: AppServer;
  database: BenchDatabase;
  receiver: BenchReceiver;
  customer: FundedCustomer;
  template: Record<string, unknown>;
  /** Tells this burst's events apart from any other's. */
  name: string;
  count: number;
}): Promise<{ app: AppServer; sample: Sample; firstMs: number }> {
  let { app } = options;
  const { count } = options;
  const tag = `Benchmark P5 ${options.name}.`;
  const ids = new Set<string>();
  const times: number[] = [];
  let duplicates = 0;
  options.receiver.listener = (arrival) => {
    if (!memoOf(arrival).startsWith(tag)) return;
    if (ids.has(arrival.id)) duplicates++;
    ids.add(arrival.id);
    times.push(arrival.at);
  };
  // PGlite allows one process per data directory: the server steps aside while this process writes to it, and
  // starts again cold. A lead of events written before the burst (delivered first, in the order they were recorded,
  // and not counted) brings it to the pace it keeps once warm, where a PostgreSQL server already is.
  const pglite = options.database.kind === "pglite";
  if (pglite) {
    await stopApp(app);
    await seedEvents(options.database, {
      type: BURST_TYPE,
      profileId: options.customer.profile,
      template: options.template,
      tag: `Benchmark P5 ${options.name} lead.`,
      count: LEAD,
    });
  }
  await seedEvents(options.database, {
    type: BURST_TYPE,
    profileId: options.customer.profile,
    template: options.template,
    tag,
    count,
  });
  const seeded = performance.now();
  if (pglite) app = await app.start();
  // Generous: the worker as it first landed delivered at most 40 events/s.
  await until(() => ids.size >= count, 30_000 + (count / 10) * 1000);
  // Anything delivered twice would arrive by the next poll.
  await sleep(POLL_MS + 500);
  const first = times[0] ?? NaN;
  const last = times.at(-1) ?? NaN;
  const seconds = (last - first) / 1000;
  return {
    app,
    sample: {
      rps: (ids.size - 1) / seconds,
      p50Ms: (seconds * 1000) / Math.max(1, ids.size - 1),
      p99Ms: NaN,
      bad: count - ids.size + duplicates,
    },
    firstMs: first - seeded,
  };
}

export async function runP5(context: BenchContext): Promise<void> {
  const database = await benchDatabase(path.join(context.temp, "p5-data"), "p5");
  if (database.kind === "postgres") context.atEnd(database.drop);
  console.log(`\nP5: webhook delivery to a loopback receiver vs a bare signed-POST loop, on ${database.label}`);
  let app = await startApp({ root: context.root, temp: context.temp, name: "p5", database });
  const receiver = new BenchReceiver();
  const bare = new BenchReceiver();
  try {
    const customer = await subscribedCustomer(app, receiver);
    const bareUrl = await bare.start();

    console.log(`Latency: sandbox payments, one at a time (bench/p5l.ts)`);
    const { latency, template } = await measureLatency(app, customer, receiver);
    console.log(`  order.created p50 ${latency.p50Ms.toFixed(0)} ms, p99 ${latency.p99Ms.toFixed(0)} ms`);

    // The bare loop's body: a delivery of the burst as the worker sends it, `{type, timestamp, data}`.
    const body = JSON.stringify({
      type: BURST_TYPE,
      timestamp: new Date().toISOString(),
      data: { ...template, id: crypto.randomUUID(), memo: `Benchmark P5 bare.${BURST}` },
    });
    // Warm-up, not counted: the burst's code paths in the server, the bare loop's in this process.
    const warm = await burst({ app, database, receiver, customer, template, name: "warm-up", count: WARMUP_BURST });
    app = warm.app;
    if (warm.sample.bad) throw new Error(`P5: ${warm.sample.bad} deliveries of the warm-up burst missing or repeated`);
    await signedPostLoop({ url: bareUrl, secret: bare.secret, body, batch: WORKER_BATCH, seconds: 1 });
    console.log(
      `${ROUNDS} rounds: a burst of ${int(BURST)} events (${Buffer.byteLength(body)}-byte deliveries) vs ` +
        `${SECONDS}s of signed POSTs, ${WORKER_BATCH} at a time`,
    );
    const deliveries: Sample[] = [];
    const firstMs: number[] = [];
    const posts: Sample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const steps = [
        async () => {
          const result = await burst({
            app,
            database,
            receiver,
            customer,
            template,
            name: `burst ${round}`,
            count: BURST,
          });
          app = result.app;
          deliveries.push(result.sample);
          firstMs.push(result.firstMs);
          const bad = result.sample.bad ? `  (${result.sample.bad} missing or repeated!)` : "";
          console.log(
            `  round ${round + 1}/${ROUNDS}  deliveries    ${result.sample.rps.toFixed(1)} events/s ` +
              `(first after ${(result.firstMs / 1000).toFixed(1)}s)${bad}`,
          );
        },
        async () => {
          const sample = await signedPostLoop({
            url: bareUrl,
            secret: bare.secret,
            body,
            batch: WORKER_BATCH,
            seconds: SECONDS,
          });
          posts.push(sample);
          console.log(`  round ${round + 1}/${ROUNDS}  signed POSTs  ${sample.rps.toFixed(1)} POSTs/s`);
        },
      ];
      for (const step of round % 2 === 0 ? steps : steps.reverse()) await step();
    }
    alive();
    await stopApp(app);
    report({
      context,
      database: database.label,
      kind: database.kind,
      burst: BURST,
      bodyBytes: Buffer.byteLength(body),
      batch: WORKER_BATCH,
      pollMs: POLL_MS,
      deliveries,
      firstMs,
      posts,
      latency,
      unverified: receiver.unverified + bare.unverified,
    });
  } finally {
    await Promise.all([receiver.stop(), bare.stop()]);
  }
}
