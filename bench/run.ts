import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hammer, type Load, type Sample } from "./load.ts";
import { onInterrupt, serverDied, stopAll } from "./processes.ts";
import { LABELS, printReport, summarise, TARGET_RATIO, verdict, type Summary, type TargetName } from "./report.ts";
import { ensureBuild, startTargets } from "./targets.ts";

/**
 * Benchmark P1 (`npm run bench`): how much our own work costs on top of Next.js. It serves
 *   trivial  GET /livez              constant JSON from a Next route handler (the framework's floor),
 *   context  GET /api/auth/context   authenticated, through our wrappers and domain code, on the same Next server,
 *   bare     GET /api/auth/context   the same domain functions behind bare node:http (bench/bare-server.ts),
 * measured in alternating rounds on loopback so drift in the machine hits all three alike. Reports medians and the
 * ratios; exits 0 whatever the verdict (a benchmark reports, it does not gate).
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 1;

const root = path.resolve(import.meta.dirname, "..");
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-bench-"));

/** BENCH_KEEP=1 keeps the temp dir (server logs and databases) for a post-mortem. */
async function cleanup(): Promise<void> {
  await stopAll();
  if (process.env.BENCH_KEEP) console.log(`Kept server logs and data in ${temp}`);
  else fs.rmSync(temp, { recursive: true, force: true });
}
onInterrupt(cleanup);

/** Both context endpoints must answer 200 with the same fields, or the comparison is between different work. */
async function checkSameAnswer(targets: Record<TargetName, Load>): Promise<void> {
  const keys = async (load: Load) => {
    const response = await fetch(load.url, { headers: load.headers });
    if (response.status !== 200) throw new Error(`${load.url} answered ${response.status}: ${await response.text()}`);
    return Object.keys((await response.json()) as object)
      .sort()
      .join(",");
  };
  const [viaNext, viaBare] = [await keys(targets.context), await keys(targets.bare)];
  if (viaNext !== viaBare) throw new Error(`context bodies differ: Next {${viaNext}} vs bare {${viaBare}}`);
}

/** One burst, unless a server has died: then the run is void (something outside killed it, or it crashed). */
async function burst(load: Load, seconds: number): Promise<Sample> {
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}; killed from outside or crashed (BENCH_KEEP=1 keeps its log)`);
  return hammer(load, seconds, CONNECTIONS);
}

async function measure(targets: Record<TargetName, Load>): Promise<Record<TargetName, Sample[]>> {
  const names: TargetName[] = ["trivial", "context", "bare"];
  const samples: Record<TargetName, Sample[]> = { trivial: [], context: [], bare: [] };
  // Next loads route modules on first use and V8 has to optimise the hot paths: two seconds each, not counted.
  for (const name of names) await burst(targets[name], 2);
  for (let round = 0; round < ROUNDS; round++) {
    // Rotating the order as well keeps any position effect (e.g. right after another server's burst) fair.
    const order = names.map((_, i) => names[(i + round) % names.length] as TargetName);
    for (const name of order) {
      await burst(targets[name], WARMUP_SECONDS);
      const sample = await burst(targets[name], SECONDS);
      samples[name].push(sample);
      const bad = sample.bad ? `  (${sample.bad} non-2xx/errors!)` : "";
      console.log(`  round ${round + 1}/${ROUNDS}  ${LABELS[name].padEnd(42)} ${Math.round(sample.rps)} req/s${bad}`);
    }
  }
  return samples;
}

async function main(): Promise<void> {
  const started = Date.now();
  ensureBuild(root);
  // Other work on the machine (a build, a test run) skews the numbers; the load average says whether there was any.
  const load = os.loadavg()[0] ?? 0;
  console.log(`P1: ${ROUNDS} rounds × ${SECONDS}s per target, ${CONNECTIONS} connections, loopback`);
  console.log(`Machine: ${os.cpus().length} CPUs, 1-min load ${load.toFixed(2)} before start; starting servers…`);
  const targets = await startTargets(root, temp);
  await checkSameAnswer(targets);
  const samples = await measure(targets);
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}`);
  const summaries = {
    trivial: summarise(samples.trivial),
    context: summarise(samples.context),
    bare: summarise(samples.bare),
  } satisfies Record<TargetName, Summary>;
  const result = verdict(summaries);
  printReport(summaries, result);

  const out = path.join(root, "bench/results/p1.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const json = {
    benchmark: "P1",
    date: new Date().toISOString(),
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      platform: `${os.platform()} ${os.arch()}`,
      loadBefore: +load.toFixed(2),
    },
    settings: { rounds: ROUNDS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS },
    targets: summaries,
    ratios: { contextOverTrivial: result.contextOverTrivial, bareOverTrivial: result.bareOverTrivial },
    target: { contextOverTrivial: TARGET_RATIO },
    valid: result.valid,
    pass: result.pass,
  };
  fs.writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`Wrote ${path.relative(root, out)} (${Math.round((Date.now() - started) / 1000)}s in all)`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
