import type { Clock } from "../clock.ts";
import { logger } from "../logging/logger.ts";
import { countryRisk } from "./country-risk.ts";
import { evaluateMovements } from "./evaluate-movements.ts";
import { refOf, type MovementRef } from "./movement.ts";

/*
 * Monitoring of a movement as it happens (C67): a redeem order once placed, a credit once minted, evaluated after
 * the transaction that wrote it committed, in the background, so the request (or the import) neither waits for the
 * rules nor fails with them. An error is logged with the movement and not thrown. A crash between the commit and the
 * evaluation loses it only until the nightly sweep (`nightly-sweep.ts`) evaluates the day's movements again; an
 * alert already raised is never raised twice (its key is unique), so the two may overlap freely.
 */

// On globalThis: Next.js bundles each route apart from the instrumentation that waits for them at shutdown.
const holder = globalThis as typeof globalThis & { __tokenrailMonitoring?: Set<Promise<void>> };
const running = (holder.__tokenrailMonitoring ??= new Set<Promise<void>>());

/** Movements evaluated together: one read per batch, memory bounded by it. */
const BATCH = 500;

/**
 * Evaluates these movements after the caller's commit, a batch at a time (`evaluateMovements`). An issue order stands
 * for its credit.
 */
export function monitorAfterCommit(movements: MovementRef[], options: { clock?: Clock } = {}): void {
  if (movements.length === 0) return;
  const run = (async () => {
    for (let start = 0; start < movements.length; start += BATCH) {
      const batch = movements.slice(start, start + BATCH);
      try {
        const { missing } = await evaluateMovements(batch, { isHighRisk: countryRisk, clock: options.clock });
        for (const movement of missing) {
          logger().error({ movement: refOf(movement) }, "monitoring could not evaluate the movement: not found");
        }
      } catch (err) {
        logger().error(
          { err, movements: batch.map(refOf) },
          "monitoring could not evaluate the movements: the nightly sweep will",
        );
      }
    }
  })().finally(() => running.delete(run));
  running.add(run);
}

/** Resolves when the evaluations started here have ended (tests, shutdown). */
export async function monitoringSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}
