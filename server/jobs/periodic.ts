import { logger } from "../logging/logger.ts";

/**
 * Runs `work` every `intervalMs` in this process, never two runs at once, errors logged and survived. The timer does
 * not keep the process alive. Work must be safe with several instances running it (each run claims rows itself).
 */
export function startPeriodic(name: string, intervalMs: number, work: () => Promise<unknown>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work()
      .catch((err: unknown) => logger().error({ err, job: name }, "periodic job failed"))
      .finally(() => (running = false));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
