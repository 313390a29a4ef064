import { percentile, type Sample } from "./load.ts";
import { serverDied } from "./processes.ts";

/**
 * A closed loop for a fixed time: `concurrency` workers each send a request as soon as their last one is answered,
 * until the window closes. A request sent before it closes is awaited and counts, and the throughput is the requests
 * counted over the time until the last of them was answered. Counting only those answered inside the window would
 * drop the work of the requests in flight when it closes: with 8 KYC submissions of about 350 ms each in flight and
 * some 120 answered in a window, that is up to 7 % of a window's count lost at random, on each side of a pair. P10
 * runs its two instances' windows at the same time, so whatever else the machine does in that moment hits both alike.
 */

export type Outcome = { failed?: string; steps?: number[] };
/** A throughput sample: the requests answered, and each step's latencies (sorted) when a request has several. */
export type WindowSample = Sample & { answered: number; steps: number[][] };

export async function inWindow(
  seconds: number,
  concurrency: number,
  request: (index: number) => Promise<Outcome>,
): Promise<WindowSample> {
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}; killed from outside or crashed (BENCH_KEEP=1 keeps its log)`);
  const times: number[] = [];
  const steps: number[][] = [];
  let bad = 0;
  let firstBad: string | undefined;
  let index = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let lastAnswered = started;
  const worker = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const { failed, steps: stepTimes = [] } = await request(index++);
      const answered = performance.now();
      lastAnswered = Math.max(lastAnswered, answered);
      if (failed) {
        bad++;
        firstBad ??= failed;
      } else {
        times.push(answered - sent);
        stepTimes.forEach((ms, i) => (steps[i] ??= []).push(ms));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (firstBad) console.log(`  first refused request: ${firstBad}`);
  times.sort((a, b) => a - b);
  steps.forEach((list) => list.sort((a, b) => a - b));
  return {
    rps: times.length / ((lastAnswered - started) / 1000),
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    bad,
    answered: times.length,
    steps,
  };
}
