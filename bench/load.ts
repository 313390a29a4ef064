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
 * Latency rather than throughput, for loads to be compared with each other: one request at a time for `seconds`,
 * taking the loads in turn (A B A B …), each request timed on its own. A slow query shows as itself, not as queueing
 * behind others, and whatever else the machine is doing hits every load alike. Any non-2xx answer counts as bad.
 * Returns one sample per load, in the order given (`rps` is each load's share of the requests per second).
 */
export async function inTurns(loads: Load[], seconds: number): Promise<Sample[]> {
  const times: number[][] = loads.map(() => []);
  const bad = loads.map(() => 0);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  for (let i = 0; performance.now() < deadline; i = (i + 1) % loads.length) {
    const load = loads[i]!;
    const sent = performance.now();
    const response = await fetch(load.url, { headers: load.headers });
    await response.arrayBuffer();
    times[i]!.push(performance.now() - sent);
    if (!response.ok) bad[i]!++;
  }
  const elapsed = (performance.now() - started) / 1000;
  return times.map((list, i) => {
    list.sort((a, b) => a - b);
    return { rps: list.length / elapsed, p50Ms: percentile(list, 0.5), p99Ms: percentile(list, 0.99), bad: bad[i]! };
  });
}

/**
 * Alternating rounds over several targets: a few seconds each first (route modules load on first use, V8 optimises
 * the hot paths), then per round each target gets a warm-up burst and a measured one, the order rotating every
 * round so that no target always follows the same other. Prints each measured burst; returns them by target.
 */
export async function alternatingRounds<N extends string>(
  names: readonly N[],
  labels: Record<N, string>,
  burst: (name: N, seconds: number) => Promise<Sample>,
  settings: { rounds: number; seconds: number; warmupSeconds: number },
): Promise<Record<N, Sample[]>> {
  const samples = Object.fromEntries(names.map((name) => [name, [] as Sample[]])) as Record<N, Sample[]>;
  for (const name of names) await burst(name, 2);
  for (let round = 0; round < settings.rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    for (const name of order) {
      await burst(name, settings.warmupSeconds);
      const sample = await burst(name, settings.seconds);
      samples[name].push(sample);
      const bad = sample.bad ? `  (${sample.bad} non-2xx/errors!)` : "";
      const label = labels[name].padEnd(42);
      console.log(`  round ${round + 1}/${settings.rounds}  ${label} ${Math.round(sample.rps)} req/s${bad}`);
    }
  }
  return samples;
}
