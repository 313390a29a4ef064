import autocannon from "autocannon";

/**
 * One autocannon burst against one URL. A benchmark of error responses would look fast and mean nothing, so every
 * run reports its non-2xx and socket errors for the caller to reject.
 */
export type Load = { url: string; headers?: Record<string, string> };

export type Sample = {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses that were not 2xx plus socket errors and timeouts: must be 0 for the sample to count. */
  bad: number;
};

export async function hammer(load: Load, seconds: number, connections: number): Promise<Sample> {
  const result = await autocannon({ url: load.url, headers: load.headers, connections, duration: seconds });
  return {
    // Completed 2xx responses over the measured time (autocannon's `duration` is in seconds).
    rps: result["2xx"] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** The value below which `share` of the sorted values lie (nearest rank). */
export function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? NaN;
}

/**
 * Latency rather than throughput: one request at a time for `seconds`, each timed on its own, so a slow query shows
 * as itself and not as queueing behind others. Any non-2xx answer counts as bad.
 */
export async function oneByOne(load: Load, seconds: number): Promise<Sample> {
  const times: number[] = [];
  let bad = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  while (performance.now() < deadline) {
    const sent = performance.now();
    const response = await fetch(load.url, { headers: load.headers });
    await response.arrayBuffer();
    times.push(performance.now() - sent);
    if (!response.ok) bad++;
  }
  times.sort((a, b) => a - b);
  return {
    rps: times.length / ((performance.now() - started) / 1000),
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    bad,
  };
}
