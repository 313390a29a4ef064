import { logger } from "../logging/logger.ts";

/** Every job this process started, so a shutdown can stop them all. */
const running = new Set<() => void>();

/**
 * Runs `work` every `intervalMs` in this process, never two runs at once, errors logged and survived. The timer does
 * not keep the process alive. Work must be safe with several instances running it (each run claims rows itself).
 */
export function startPeriodic(name: string, intervalMs: number, work: () => Promise<unknown>): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    work()
      .catch((err: unknown) => logger().error({ err, job: name }, "periodic job failed"))
      .finally(() => (busy = false));
  }, intervalMs);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    running.delete(stop);
  };
  running.add(stop);
  return stop;
}

/** Stops every periodic job of this process; a run already under way finishes on its own. */
export function stopAllPeriodic(): void {
  for (const stop of [...running]) stop();
}
