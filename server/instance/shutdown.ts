import { stopAllPeriodic } from "../jobs/periodic.ts";
import { logger } from "../logging/logger.ts";

/** How long a stopping instance may take to finish the requests it has before it exits regardless. */
export const SHUTDOWN_GRACE_MS = 10_000;

// Next.js bundles instrumentation and each route separately, so module state is not shared between them: the flag
// lives on globalThis, where the readiness probe's route reads it.
const state = globalThis as typeof globalThis & { __tokenrailStopping?: boolean };

/** True once the process was asked to stop: it finishes what it has and takes on nothing new. */
export function isStopping(): boolean {
  return state.__tokenrailStopping === true;
}

/**
 * On SIGTERM or SIGINT: stop the background jobs at once and give the HTTP server (Next.js closes it and exits on the
 * same signals) a bounded time. A connection that never finishes cannot keep a stopping instance alive: after the
 * grace period the process exits with the signal's code.
 */
export function handleShutdownSignals(graceMs = SHUTDOWN_GRACE_MS): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (isStopping()) return;
      state.__tokenrailStopping = true;
      logger().info({ signal, graceMs }, "stopping");
      stopAllPeriodic();
      setTimeout(() => {
        logger().warn({ signal, graceMs }, "requests still open after the grace period: exiting");
        process.exit(signal === "SIGTERM" ? 143 : 130);
      }, graceMs).unref();
    });
  }
}
