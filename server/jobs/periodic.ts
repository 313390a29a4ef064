import { logger } from "../logging/logger.ts";
import { inSpan, ROOT_CONTEXT } from "../telemetry/tracing.ts";

/**
 * Every job this process started (and whatever else must end with them), so a shutdown can stop them all; each stop
 * resolves once the job's run under way (if any) has ended.
 */
const running = new Set<() => Promise<void>>();

/**
 * Runs `work` every `intervalMs` in this process, never two runs at once, errors logged and survived. The timer does
 * not keep the process alive. Work must be safe with several instances running it (each run claims rows itself).
 */
export function startPeriodic(name: string, intervalMs: number, work: () => Promise<unknown>): () => void {
  return startWakeable(name, intervalMs, work, { atStart: false }).stop;
}

export type WakeableJob = {
  /** Runs the job now, or, if a run is under way, once more right after it (wake-ups meanwhile count as one). */
  wake: () => void;
  stop: () => void;
};

/** Why a run of a wakeable job happens: `polled` when a tick of its interval (or the start) is among the reasons. */
export type WakeReason = { polled: boolean };

/**
 * A periodic job that can also be woken: it runs when told there is work, and every `intervalMs` in case a wake-up
 * was lost. Never two runs at once; a wake-up during a run is not lost, it starts the next run as soon as this one
 * ends. With `atStart` (the default) it also runs once right away, for work left from before the process started.
 * Each run is told whether a tick (or the start) asked for it since the run before, so a job can keep what only
 * the poll finds (work that falls due with time) to those runs; a tick during a run is carried to the next one.
 */
export function startWakeable(
  name: string,
  intervalMs: number,
  work: (reason: WakeReason) => Promise<unknown>,
  options: { atStart?: boolean } = {},
): WakeableJob {
  let busy = false;
  let again = false;
  let stopped = false;
  let polled = options.atStart ?? true;
  let run: Promise<void> | undefined;
  const wake = () => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    again = false;
    const reason = { polled };
    polled = false;
    // Each run is a trace of its own (its queries under it), never part of whatever woke it.
    run = inSpan(`job ${name}`, { parent: ROOT_CONTEXT }, () => work(reason))
      .then(() => undefined)
      .catch((err: unknown) => logger().error({ err, job: name }, "periodic job failed"))
      .finally(() => {
        busy = false;
        run = undefined;
        if (again) wake();
      });
  };
  // A tick while a run is under way starts no run of its own, as a plain periodic job's would not; the next run
  // counts as polled.
  const timer = setInterval(() => {
    polled = true;
    if (!busy) wake();
  }, intervalMs);
  timer.unref();
  if (options.atStart ?? true) setImmediate(wake);
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    running.delete(stop);
    return run ?? Promise.resolve();
  };
  running.add(stop);
  return { wake, stop: () => void stop() };
}

/** Something to end together with the periodic jobs (a listening connection): run once by `stopAllPeriodic`. */
export function stopWithPeriodic(step: () => Promise<unknown>): void {
  const stop = () => {
    running.delete(stop);
    return step()
      .then(() => undefined)
      .catch((err: unknown) => logger().warn({ err }, "stopping a background listener failed"));
  };
  running.add(stop);
}

/**
 * Stops every periodic job of this process and what ends with them. Resolves when the runs under way have ended
 * (a job that sees `isStopping` cuts its run short: the webhook worker sends what is in flight and releases the rest).
 */
export async function stopAllPeriodic(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
}
