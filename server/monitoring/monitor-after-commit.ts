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
 * How long a movement waits for others before its evaluation starts. The commit that wrote it also woke the webhook
 * worker, whose delivery of the movement's event is what a partner waits for: the rules' reads go after it instead of
 * beside it on the same database, and a burst of movements is read as one batch instead of one read each.
 */
const GATHER_MS = 100;

type Waiting = { movements: MovementRef[]; timer: ReturnType<typeof setTimeout> };
const waiting = ((
  holder as { __tokenrailMonitoringWaiting?: Map<Clock | undefined, Waiting> }
).__tokenrailMonitoringWaiting ??= new Map<Clock | undefined, Waiting>());

/**
 * Evaluates these movements after the caller's commit, gathered with the others of the next moment and read a batch
 * at a time (`evaluateMovements`). An issue order stands for its credit.
 */
export function monitorAfterCommit(movements: MovementRef[], options: { clock?: Clock } = {}): void {
  if (movements.length === 0) return;
  const clock = options.clock;
  const gathering = waiting.get(clock);
  if (gathering) {
    gathering.movements.push(...movements);
    if (gathering.movements.length >= BATCH) startEvaluation(clock);
    return;
  }
  const timer = setTimeout(() => startEvaluation(clock), GATHER_MS);
  waiting.set(clock, { movements: [...movements], timer });
}

function startEvaluation(clock: Clock | undefined): void {
  const gathered = waiting.get(clock);
  if (!gathered) return;
  waiting.delete(clock);
  clearTimeout(gathered.timer);
  const { movements } = gathered;
  const run = (async () => {
    for (let start = 0; start < movements.length; start += BATCH) {
      const batch = movements.slice(start, start + BATCH);
      try {
        const { missing } = await evaluateMovements(batch, { isHighRisk: countryRisk, clock });
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

/** Starts what is still gathering and resolves when every evaluation started here has ended (tests, shutdown). */
export async function monitoringSettled(): Promise<void> {
  while (waiting.size > 0 || running.size > 0) {
    for (const clock of [...waiting.keys()]) startEvaluation(clock);
    await Promise.allSettled([...running]);
  }
}
