import type { Sample } from "./load.ts";

/** Turns the per-round samples into medians, ratios and a verdict; prints them as a table. */

export type TargetName = "trivial" | "context" | "bare";

export const LABELS: Record<TargetName, string> = {
  trivial: "trivial  Next  GET /livez",
  context: "context  Next  GET /api/auth/context",
  bare: "bare     node:http  GET /api/auth/context",
};

/** context ÷ trivial must reach this: our own work costs at most 30 % on top of the framework. */
export const TARGET_RATIO = 0.7;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

export type Summary = {
  medianRps: number;
  minRps: number;
  maxRps: number;
  medianP50Ms: number;
  medianP99Ms: number;
  rounds: number[];
  badResponses: number;
};

export function summarise(samples: Sample[]): Summary {
  const rps = samples.map((s) => s.rps);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    medianRps: round1(median(rps)),
    minRps: round1(Math.min(...rps)),
    maxRps: round1(Math.max(...rps)),
    medianP50Ms: median(samples.map((s) => s.p50Ms)),
    medianP99Ms: median(samples.map((s) => s.p99Ms)),
    rounds: rps.map((r) => Math.round(r)),
    badResponses: samples.reduce((sum, s) => sum + s.bad, 0),
  };
}

export type Verdict = { contextOverTrivial: number; bareOverTrivial: number; valid: boolean; pass: boolean };

export function verdict(summaries: Record<TargetName, Summary>): Verdict {
  const contextOverTrivial = summaries.context.medianRps / summaries.trivial.medianRps;
  const bareOverTrivial = summaries.bare.medianRps / summaries.trivial.medianRps;
  const valid = Object.values(summaries).every((s) => s.badResponses === 0);
  return { contextOverTrivial, bareOverTrivial, valid, pass: valid && contextOverTrivial >= TARGET_RATIO };
}

export const int = (n: number) => Math.round(n).toLocaleString("en-US");

/** Prints a table: text in the first column left-aligned, numbers right-aligned, the last column unpadded. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join("  ");
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  rows.forEach((r) => console.log(line(r)));
}

/** The columns of a throughput table, and one target's row in it. */
export const SUMMARY_HEADER = ["target", "median req/s", "min", "max", "p50 ms", "p99 ms", "non-2xx/err", "per round"];

export function summaryRow(label: string, s: Summary): string[] {
  return [
    label,
    int(s.medianRps),
    int(s.minRps),
    int(s.maxRps),
    s.medianP50Ms.toFixed(1),
    s.medianP99Ms.toFixed(1),
    String(s.badResponses),
    s.rounds.join(" "),
  ];
}

export function printReport(summaries: Record<TargetName, Summary>, result: Verdict): void {
  const header = SUMMARY_HEADER;
  const rows = (Object.keys(LABELS) as TargetName[]).map((name) => summaryRow(LABELS[name], summaries[name]));
  printTable(header, rows);
  console.log(
    `\ncontext ÷ trivial = ${result.contextOverTrivial.toFixed(3)}   (target ≥ ${TARGET_RATIO}: our own work on top of Next)`,
  );
  console.log(
    `bare    ÷ trivial = ${result.bareOverTrivial.toFixed(3)}   (> 1 means Next's own cost exceeds the whole domain path)`,
  );
  const outcome = !result.valid
    ? "INVALID — some requests failed or were not 2xx; the numbers above do not measure the happy path"
    : result.pass
      ? `PASS — context ÷ trivial ${result.contextOverTrivial.toFixed(2)} ≥ ${TARGET_RATIO}`
      : `FAIL — context ÷ trivial ${result.contextOverTrivial.toFixed(2)} < ${TARGET_RATIO}`;
  console.log(`\nP1 verdict: ${outcome}\n`);
}
