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
