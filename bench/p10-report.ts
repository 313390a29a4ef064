import os from "node:os";
import { percentile, type Sample } from "./load.ts";
import { KYC_CONCURRENCY, KYC_DOCUMENT_BYTES, KYC_STEPS, type KycSample } from "./p10-kyc.ts";
import type { SealingFigures } from "./p10-sealing.ts";
import type { SigningFigures } from "./p10-signing.ts";
import { median, printTable } from "./report.ts";
import { machine, writeResult, type BenchContext } from "./settings.ts";

/** P10's table, ratios and verdict, and bench/results/p10.json. */

export type Side = "sealed" | "plain";
export type Leg = "orders" | "kyc";

const LABELS: Record<Leg, string> = {
  orders: "POST /orders",
  kyc: `KYC submission (upload ${KYC_DOCUMENT_BYTES / 1024} KiB + 3 PATCH, ${KYC_CONCURRENCY} at a time)`,
};

function summary(samples: Sample[]) {
  const rps = samples.map((s) => s.rps);
  return {
    median: median(rps),
    min: Math.min(...rps),
    max: Math.max(...rps),
    p50Ms: median(samples.map((s) => s.p50Ms)),
    p99Ms: median(samples.map((s) => s.p99Ms)),
    perRound: rps.map((r) => +r.toFixed(1)),
    bad: samples.reduce((sum, s) => sum + s.bad, 0),
  };
}

export function printP10Report(options: {
  context: BenchContext;
  samples: Record<Leg, Record<Side, Sample[]>>;
  /** The server's CPU ms per request, per batch. */
  cpu: Record<Leg, Record<Side, number[]>>;
  seconds: Record<Leg, number>;
  sealing: SealingFigures;
  signing: SigningFigures | { skipped: string };
  target: number;
  wallets: number;
  profiles: number;
}): void {
  const { context, samples, cpu, seconds, sealing, signing, target } = options;
  const legs = (["orders", "kyc"] as const).map((leg) => {
    const sealed = summary(samples[leg].sealed);
    const plain = summary(samples[leg].plain);
    // Each round's own pair: the two instances were loaded at once, so the pair shares the machine's state.
    const perRound = samples[leg].sealed.map((s, i) => +((samples[leg].plain[i]?.rps ?? NaN) / s.rps).toFixed(3));
    const cpuPerRound = cpu[leg].sealed.map((ms, i) => ms / (cpu[leg].plain[i] ?? NaN));
    const cpuMs = { sealed: median(cpu[leg].sealed), plain: median(cpu[leg].plain), ratio: median(cpuPerRound) };
    const ofMedians = plain.median / sealed.median;
    return { leg, sealed, plain, cost: median(perRound), ofMedians, perRound, cpuMs };
  });
  const row = (label: string, s: ReturnType<typeof summary>) => [
    label,
    s.median.toFixed(1),
    s.min.toFixed(1),
    s.max.toFixed(1),
    s.p50Ms.toFixed(1),
    s.p99Ms.toFixed(1),
    String(s.bad),
    s.perRound.join(" "),
  ];
  printTable(
    ["P10", "median per s", "min", "max", "p50 ms", "p99 ms", "refused", "per round"],
    legs.flatMap(({ leg, sealed, plain }) => [
      row(`${LABELS[leg]}, sealed`, sealed),
      row(`${LABELS[leg]}, plain (baseline)`, plain),
    ]),
  );
  const steps = (side: Side) =>
    KYC_STEPS.map((step) => median((samples.kyc[side] as KycSample[]).map((s) => s.stepP50Ms[step])));
  printTable(
    ["KYC step, p50 ms", ...KYC_STEPS],
    (["sealed", "plain"] as const).map((side) => [side, ...steps(side).map((ms) => ms.toFixed(1))]),
  );
  console.log("");
  for (const { leg, cost, ofMedians, perRound, cpuMs } of legs) {
    console.log(
      `${LABELS[leg]}: plain ÷ sealed throughput, median of the rounds' pairs = ${cost.toFixed(3)} (sealing costs ${((cost - 1) * 100).toFixed(1)} %); of the medians ${ofMedians.toFixed(3)}`,
    );
    const sorted = [...perRound].sort((a, b) => a - b);
    const quartiles = `${percentile(sorted, 0.25).toFixed(2)}–${percentile(sorted, 0.75).toFixed(2)}`;
    console.log(`  per round: ${perRound.join(" ")} (the middle half of the pairs: ${quartiles})`);
    console.log(
      `  server CPU per request: sealed ${cpuMs.sealed.toFixed(2)} ms, plain ${cpuMs.plain.toFixed(2)} ms; sealed ÷ plain, median of the pairs ${cpuMs.ratio.toFixed(3)} (not judged)`,
    );
  }
  // The floor: what sealing adds to a submission's server work, measured alone, over what the plain server spends.
  const extraMs = sealing.recordsSealUs / 1000 + sealing.fileSealedMs - sealing.filePlainMs;
  const plainKycCpu = legs.find((l) => l.leg === "kyc")!.cpuMs.plain;
  console.log(
    `\nSealing alone, per KYC submission (in this process): the three records ${sealing.recordsSealUs.toFixed(0)} µs (opened again ${sealing.recordsOpenUs.toFixed(0)} µs), the document stored ${sealing.fileSealedMs.toFixed(2)} ms sealed vs ${sealing.filePlainMs.toFixed(2)} ms plain: ${extraMs.toFixed(2)} ms more, ${((100 * extraMs) / plainKycCpu).toFixed(1)} % of the ${plainKycCpu.toFixed(1)} ms of CPU the plain server spent per submission`,
  );
  const valid = legs.every((l) => l.sealed.bad === 0 && l.plain.bad === 0);
  const pass = valid && legs.every((l) => l.cost <= target);
  const outcome = !valid
    ? "INVALID — some requests were refused; the numbers do not measure the happy path"
    : `${pass ? "PASS" : "FAIL"} — ${legs.map((l) => `${l.leg} ${l.cost.toFixed(3)}`).join(", ")} (target ≤ ${target} each)`;
  const loadAfter = os.loadavg()[0] ?? 0;
  const same = process.env.BENCH_P10_SAME;
  console.log(`\nP10 verdict: ${outcome}`);
  if (same)
    console.log(`An A/A run (BENCH_P10_SAME=${same}): both instances ran ${same}; the costs are the method's own.`);
  console.log(`1-min load ${context.loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after\n`);
  writeResult("p10", {
    machine: { ...machine(context.loadBefore), loadAfter: +loadAfter.toFixed(2) },
    settings: {
      wallets: options.wallets,
      profiles: options.profiles,
      rounds: samples.orders.sealed.length,
      seconds,
      documentBytes: KYC_DOCUMENT_BYTES,
      ...(same ? { bothRan: same } : {}),
    },
    legs,
    kycStepsP50Ms: { sealed: steps("sealed"), plain: steps("plain") },
    cpuPerRequestMs: cpu,
    sealing: { ...sealing, extraMsPerSubmission: extraMs },
    signing,
    target: { plainOverSealed: target },
    valid,
    pass,
  });
}
