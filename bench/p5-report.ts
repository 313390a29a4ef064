import type { Sample } from "./load.ts";
import { median, printTable } from "./report.ts";
import { machine, ROUNDS, SECONDS, writeResult, type BenchContext } from "./settings.ts";

/** Benchmark P5's figures: the two throughputs and their ratio, and the event → receiver latency, each judged. */

/**
 * Delivered events/s ÷ bare signed POSTs/s must reach this: a delivery may cost two bare POSTs' worth on PostgreSQL
 * (which does the database's work in processes of its own), a little over three on the embedded PGlite (which does
 * it on the server's own thread), for everything around the POST (fan-out, claiming, reading the subscription,
 * signing, and recording the attempt and its outcome in the database).
 */
export const P5_TARGET = { postgres: 0.5, pglite: 0.3 } as const;

/**
 * P5l: an event's delivery must reach the receiver within this long of the request that caused it (the worker is
 * woken by the commit, so this is the worker's own work plus the POST, not a polling interval).
 */
export const P5L_TARGET = { p50Ms: 20, p99Ms: 100 } as const;

export type Latency = { events: number; p50Ms: number; p99Ms: number; minMs: number; maxMs: number; bad: number };

export function report(options: {
  context: BenchContext;
  database: string;
  kind: keyof typeof P5_TARGET;
  burst: number;
  bodyBytes: number;
  /** The worker's batch (sent in parallel) and fallback polling interval. */
  batch: number;
  pollMs: number;
  deliveries: Sample[];
  firstMs: number[];
  posts: Sample[];
  latency: Latency;
  unverified: number;
}): void {
  const { context, database, deliveries, posts, latency, batch, pollMs } = options;
  const summary = (samples: Sample[]) => ({
    median: median(samples.map((s) => s.rps)),
    min: Math.min(...samples.map((s) => s.rps)),
    max: Math.max(...samples.map((s) => s.rps)),
    perRound: samples.map((s) => +s.rps.toFixed(1)),
    bad: samples.reduce((sum, s) => sum + s.bad, 0),
  });
  const delivered = { ...summary(deliveries), firstAfterMs: options.firstMs.map((ms) => Math.round(ms)) };
  const bare = summary(posts);
  printTable(
    ["target", "median per s", "min", "max", "bad", "per round"],
    [
      [
        `webhook deliveries (bursts of ${options.burst})`,
        delivered.median.toFixed(1),
        delivered.min.toFixed(1),
        delivered.max.toFixed(1),
        String(delivered.bad),
        delivered.perRound.join(" "),
      ],
      [
        `signed POST loop (${batch} at a time)`,
        bare.median.toFixed(1),
        bare.min.toFixed(1),
        bare.max.toFixed(1),
        String(bare.bad),
        bare.perRound.join(" "),
      ],
    ],
  );
  const ratio = delivered.median / bare.median;
  console.log(
    `\ndelivered events/s ÷ bare POSTs/s = ${ratio.toFixed(3)}   (one delivery costs ~${(1 / ratio).toFixed(0)} bare POSTs)`,
  );
  console.log(
    `event → receiver latency over ${latency.events} sandbox payments: p50 ${latency.p50Ms.toFixed(0)} ms, ` +
      `p99 ${latency.p99Ms.toFixed(0)} ms (min ${latency.minMs.toFixed(0)}, max ${latency.maxMs.toFixed(0)}); ` +
      `the worker's fallback poll is every ${pollMs} ms`,
  );
  const target = P5_TARGET[options.kind];
  const valid = delivered.bad === 0 && bare.bad === 0 && latency.bad === 0 && options.unverified === 0;
  const pass = valid && ratio >= target;
  const latencyPass = valid && latency.p50Ms <= P5L_TARGET.p50Ms && latency.p99Ms <= P5L_TARGET.p99Ms;
  const invalid = "INVALID — deliveries went missing or twice, POSTs failed or signatures did not verify; see above";
  const outcome = !valid
    ? invalid
    : `${pass ? "PASS" : "FAIL"} — delivered events/s ÷ bare POSTs/s ${ratio.toFixed(3)} ${pass ? "≥" : "<"} ${target}`;
  const latencyOutcome = !valid
    ? invalid
    : `${latencyPass ? "PASS" : "FAIL"} — event → receiver p50 ${latency.p50Ms.toFixed(0)} ms ` +
      `(target ≤ ${P5L_TARGET.p50Ms}), p99 ${latency.p99Ms.toFixed(0)} ms (target ≤ ${P5L_TARGET.p99Ms})`;
  console.log(`\nP5 verdict: ${outcome}   (${database})`);
  console.log(`P5l verdict: ${latencyOutcome}   (${database})\n`);
  writeResult("p5", {
    machine: machine(context.loadBefore),
    database,
    settings: {
      rounds: ROUNDS,
      seconds: SECONDS,
      burst: options.burst,
      bodyBytes: options.bodyBytes,
      batch,
      pollMs,
    },
    deliveries: delivered,
    signedPosts: bare,
    ratio,
    latency,
    unverified: options.unverified,
    target: { deliveredOverBarePosts: target, latencyP50Ms: P5L_TARGET.p50Ms, latencyP99Ms: P5L_TARGET.p99Ms },
    valid,
    pass,
    latencyPass,
  });
}
