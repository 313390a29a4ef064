import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runP1 } from "./p1.ts";
import { runP2 } from "./p2.ts";
import { runP3 } from "./p3.ts";
import { runP4 } from "./p4.ts";
import { runP5 } from "./p5.ts";
import { runP5Latency } from "./p5l.ts";
import { runP6 } from "./p6.ts";
import { runP7 } from "./p7.ts";
import { runP8 } from "./p8.ts";
import { runP9ListImport } from "./p9-list-import.ts";
import { runP9Screening } from "./p9-screening.ts";
import { runP10 } from "./p10.ts";
import { onInterrupt, stopAll } from "./processes.ts";
import { root, type BenchContext } from "./settings.ts";
import { ensureBuild, warnAboutDotenv } from "./targets.ts";

/**
 * `npm run bench [-- p1 p2 p3 p4 p5 p5l p6 p7 p8 p9 p10]`: the benchmarks named, or all of them (p5l, P5's latency leg
 * alone, only when named), one after the other, each on servers of its own. Each prints its figures as ratios measured in the same run and a verdict against its target; the run exits
 * 0 whatever the verdicts (a benchmark reports, it does not gate) and 1 only when a benchmark could not run.
 *   P1  the app's overhead on top of Next.js (bench/p1.ts)
 *   P2  POST /auth/token (client credentials) vs a trivial Next route and vs node-oidc-provider (bench/p2.ts)
 *   P3  GET /orders latency for a profile with a million orders vs one with a thousand (bench/p3.ts)
 *   P4  POST /orders throughput vs a bare loop of signature verifications (bench/p4.ts)
 *   P5  webhook delivery throughput vs a bare loop of signed POSTs, and event-to-receiver latency (bench/p5.ts)
 *   P5l the latency leg of P5 alone: sandbox payment → its order.created at the receiver (bench/p5l.ts)
 *   P6  first-load JS of the home page, the sign-up and the wallet steps: the build's manifests and the served HTML
 *       (bench/p6.ts)
 *   P7  a read-heavy mix through HAProxy, two instances on one PostgreSQL vs one (bench/p7.ts; DATABASE_URL)
 *   P8  a camt.054 of 10,000 credits imported end to end vs sandbox payments through the API, and the peak memory
 *       of importing a 50 MB camt.054 (bench/p8.ts)
 *   P9  screening one name against 30,000 list entries (p99), and re-screening 100,000 customers after a list update,
 *       in memory (bench/p9-screening.ts), and importing a full-size list file (bench/p9-list-import.ts)
 *   P10 POST /orders and a KYC submission with personal data sealed at rest vs without, and signing a mint through
 *       PKCS#11 on SoftHSM2 vs the local key (bench/p10.ts)
 */

const BENCHMARKS = {
  p1: runP1,
  p2: runP2,
  p3: runP3,
  p4: runP4,
  p5: runP5,
  p5l: runP5Latency,
  p6: runP6,
  p7: runP7,
  p8: runP8,
  p9: async (context: BenchContext) => {
    await runP9Screening(context);
    await runP9ListImport(context);
  },
  p10: runP10,
} as const;
/** Run only when named: P5 measures the same latency. */
const ONLY_WHEN_NAMED: readonly string[] = ["p5l"];
type Name = keyof typeof BENCHMARKS;

const isName = (arg: string): arg is Name => arg in BENCHMARKS;

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-bench-"));
/** Scratch databases and the like, undone at the end (after the servers are stopped). */
const undo: (() => Promise<void>)[] = [];

/** BENCH_KEEP=1 keeps the temp dir (server logs and databases) for a post-mortem. */
async function cleanup(): Promise<void> {
  await stopAll();
  if (process.env.BENCH_KEEP) {
    console.log(`Kept server logs and data in ${temp}`);
    return;
  }
  for (const step of undo.splice(0).reverse()) await step().catch((error: unknown) => console.error(error));
  fs.rmSync(temp, { recursive: true, force: true });
}
onInterrupt(cleanup);

async function main(): Promise<void> {
  const args = process.argv.slice(2).map((arg) => arg.toLowerCase());
  const unknown = args.filter((arg) => !isName(arg));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown benchmark ${unknown.join(", ")}: use ${Object.keys(BENCHMARKS).join(", ")} or none for all`,
    );
  }
  const chosen = args.length > 0 ? (Object.keys(BENCHMARKS) as Name[]).filter((n) => args.includes(n)) : null;
  const started = Date.now();
  ensureBuild(root);
  warnAboutDotenv(root);
  // Other work on the machine (a build, a test run) skews the numbers; the load average says whether there was any.
  const loadBefore = os.loadavg()[0] ?? 0;
  console.log(`Machine: ${os.cpus().length} CPUs, 1-min load ${loadBefore.toFixed(2)} before start`);
  const context: BenchContext = { root, temp, loadBefore, atEnd: (step) => undo.push(step) };
  const all = (Object.keys(BENCHMARKS) as Name[]).filter((name) => !ONLY_WHEN_NAMED.includes(name));
  for (const name of chosen ?? all) await BENCHMARKS[name](context);
  console.log(`\n${Math.round((Date.now() - started) / 1000)}s in all`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
