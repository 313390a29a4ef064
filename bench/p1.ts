import { alternatingRounds, hammer, type Load, type Sample } from "./load.ts";
import { serverDied, stopAll } from "./processes.ts";
import { LABELS, printReport, summarise, TARGET_RATIO, verdict, type Summary, type TargetName } from "./report.ts";
import { CONNECTIONS, machine, ROUNDS, SECONDS, writeResult, type BenchContext } from "./settings.ts";
import { startTargets } from "./targets.ts";

/**
 * Benchmark P1: how much our own work costs on top of Next.js. It serves
 *   trivial  GET /livez              constant JSON from a Next route handler (the framework's floor),
 *   context  GET /api/auth/context   authenticated, through our wrappers and domain code, on the same Next server,
 *   bare     GET /api/auth/context   the same domain functions behind bare node:http (bench/bare-server.ts),
 * measured in alternating rounds on loopback so drift in the machine hits all three alike. Reports medians and the
 * ratios. Both servers run on their own embedded database whatever DATABASE_URL says.
 */

const WARMUP_SECONDS = 1;

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

function measure(targets: Record<TargetName, Load>): Promise<Record<TargetName, Sample[]>> {
  const names: TargetName[] = ["trivial", "context", "bare"];
  return alternatingRounds(names, LABELS, (name, seconds) => burst(targets[name], seconds), {
    rounds: ROUNDS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
}

export async function runP1(context: BenchContext): Promise<void> {
  console.log(
    `\nP1: ${ROUNDS} rounds × ${SECONDS}s per target, ${CONNECTIONS} connections, loopback; starting servers…`,
  );
  const targets = await startTargets(context.root, context.temp);
  await checkSameAnswer(targets);
  const samples = await measure(targets);
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}`);
  await stopAll();
  const summaries = {
    trivial: summarise(samples.trivial),
    context: summarise(samples.context),
    bare: summarise(samples.bare),
  } satisfies Record<TargetName, Summary>;
  const result = verdict(summaries);
  printReport(summaries, result);
  writeResult("p1", {
    machine: machine(context.loadBefore),
    settings: { rounds: ROUNDS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS },
    targets: summaries,
    ratios: { contextOverTrivial: result.contextOverTrivial, bareOverTrivial: result.bareOverTrivial },
    target: { contextOverTrivial: TARGET_RATIO },
    valid: result.valid,
    pass: result.pass,
  });
}
