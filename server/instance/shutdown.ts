import { stopAllPeriodic } from "../jobs/periodic.ts";
import { logger } from "../logging/logger.ts";

/** How long a stopping instance may take to finish the requests it has before it exits regardless. */
export const SHUTDOWN_GRACE_MS = 10_000;

// Next.js bundles instrumentation and each route separately, so module state is not shared between them: the flag
// lives on globalThis, where the readiness probe's route reads it.
const state = globalThis as typeof globalThis & {
  __tokenrailStopping?: boolean;
  __tokenrailShutdownSteps?: (() => Promise<unknown>)[];
};

/** True once the process was asked to stop: it finishes what it has and takes on nothing new. */
export function isStopping(): boolean {
  return state.__tokenrailStopping === true;
}

/**
 * Work to finish before the process exits (besides the periodic jobs' runs under way): run once on SIGTERM or
 * SIGINT, all at once, within the grace period. The chain queue's drivers register theirs here.
 */
export function onShutdown(step: () => Promise<unknown>): void {
  (state.__tokenrailShutdownSteps ??= []).push(step);
}

/**
 * On SIGTERM or SIGINT: stop the background jobs at once, let the runs under way finish what they hold (the webhook
 * worker sends the wave in flight and releases the deliveries it claimed beyond it; the chain queue's drivers finish
 * a send under way and release their locks) and give the HTTP server (Next.js closes it and exits on the same
 * signals) a bounded time. Next.js exits as soon as its server has closed, so its exit waits for that background
 * work; nothing can keep a stopping instance alive: after the grace period the process exits with the signal's code.
 */
export function handleShutdownSignals(graceMs = SHUTDOWN_GRACE_MS): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (isStopping()) return;
      state.__tokenrailStopping = true;
      logger().info({ signal, graceMs }, "stopping");
      const started = Date.now();
      const drained = Promise.allSettled([stopAllPeriodic(), ...(state.__tokenrailShutdownSteps ?? []).map((s) => s())])
        .then(() => logger().info({ signal, ms: Date.now() - started }, "background work finished"))
        .catch(() => undefined);
      const exit = process.exit.bind(process);
      process.exit = (code?: number | string | null) => {
        void drained.finally(() => exit(code));
        return undefined as never;
      };
      setTimeout(() => {
        logger().warn({ signal, graceMs }, "requests still open after the grace period: exiting");
        exit(signal === "SIGTERM" ? 143 : 130);
      }, graceMs).unref();
    });
  }
}
