// autocannon ships no type declarations and @types/autocannon is not a dependency; this declares only the part of
// its programmatic API the bench uses (see node_modules/autocannon/lib/aggregateResult.js for the result shape).
declare module "autocannon" {
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Sent in turn by each connection, instead of `url`'s path alone. */
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[];
  };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    latency: Histogram;
    requests: Histogram;
  };

  /** Without a callback, autocannon returns a thenable tracker that resolves to the result. */
  export default function autocannon(options: Options): Promise<Result>;
}
