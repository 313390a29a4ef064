import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** What every benchmark shares: the settings from the environment, the repository root, where results go. */

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export const root = path.resolve(import.meta.dirname, "..");

export type BenchContext = {
  root: string;
  /** Server logs and data directories; removed at the end unless BENCH_KEEP is set. */
  temp: string;
  loadBefore: number;
  /** Registers a step for the end of the run, after the servers are stopped (e.g. dropping a scratch database). */
  atEnd: (step: () => Promise<void>) => void;
};

export function machine(loadBefore: number) {
  return {
    node: process.version,
    cpus: os.cpus().length,
    platform: `${os.platform()} ${os.arch()}`,
    loadBefore: +loadBefore.toFixed(2),
  };
}

/** Writes bench/results/<name>.json (git-ignored) and says so. */
export function writeResult(name: string, json: Record<string, unknown>): void {
  const out = path.join(root, `bench/results/${name}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const body = { benchmark: name.toUpperCase(), date: new Date().toISOString(), ...json };
  fs.writeFileSync(out, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`Wrote ${path.relative(root, out)}`);
}
