import fs from "node:fs";
import path from "node:path";

/**
 * BENCH_CPU_PROF=<dir>: the servers a benchmark starts (the app; P2's floor app too) run under V8's sampling
 * profiler and write a .cpuprofile there when they stop (open one in Chrome DevTools or speedscope). P2 also writes
 * when each target was under load, so that `npm run bench:profile -- <dir>` can say where each target's time went.
 * Profiling slows the servers: the figures of a profiled run are not comparable with the others.
 */
export function profileDir(): string | undefined {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? path.resolve(dir) : undefined;
}

/**
 * Node's flags for a server process: the profiler when asked for, nothing otherwise. A `name` puts its profiles (one
 * per thread: the main one and each worker's) in `<dir>/<name>/`, so that two instances of one build loaded at once
 * (P10) can be told apart.
 */
export function profiling(name?: string): string[] {
  const dir = profileDir();
  if (!dir) return [];
  return ["--cpu-prof", `--cpu-prof-dir=${name ? path.join(dir, name) : dir}`];
}

/**
 * One stretch of load on one target: from and to (µs, on the clock V8 times its samples by), requests answered.
 * With `process`, the load was on that server alone (its profiles are in `<dir>/<process>/`), while others may have
 * been loaded at the same time: only that server's samples are charged to it.
 */
export type LoadWindow = {
  target: string;
  label: string;
  startUs: number;
  endUs: number;
  requests: number;
  process?: string;
};

/** The monotonic clock, in µs: the one V8's profiles are timed on (Linux: CLOCK_MONOTONIC for both). */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** The load windows of a profiled run, written as `<dir>/<bench>-windows.json`. */
export class LoadWindows {
  private readonly windows: LoadWindow[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly bench: string) {}

  /**
   * Runs `load` on `target`, recording its window when profiling: every load but a target's first, in which its
   * route modules load and V8 compiles.
   */
  async measure<T>(
    target: string,
    label: string,
    load: () => Promise<{ result: T; requests: number }>,
    process?: string,
  ): Promise<T> {
    const startUs = monotonicUs();
    const { result, requests } = await load();
    const seen = `${process ?? ""}\0${target}`;
    if (profileDir() && this.seen.has(seen)) {
      this.windows.push({ target, label, startUs, endUs: monotonicUs(), requests, ...(process ? { process } : {}) });
    }
    this.seen.add(seen);
    return result;
  }

  write(): void {
    const dir = profileDir();
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${this.bench}-windows.json`), JSON.stringify(this.windows));
  }
}
