import { serverClock, type Clock } from "../clock.ts";
import { AppError } from "../errors.ts";
import { evaluateMovements } from "./evaluate-movements.ts";
import type { Alert, MovementRef } from "./movement.ts";
import { recordAlerts } from "./record-alerts.ts";
import type { HighRiskCheck } from "./rule-engine.ts";
import { scanPeriod } from "./scan-period.ts";

/**
 * Runs the enabled rules over one movement (a redeem order once placed or processed, a credit once minted) and
 * records what they raise. The issue order of a credit may be given for the credit. Returns the alerts raised now; an
 * alert raised before on this movement is not repeated. Call it after the transaction that wrote the movement
 * committed. NOT_FOUND for an unknown movement.
 */
export async function evaluateMovement(
  given: MovementRef,
  options: { isHighRisk: HighRiskCheck; clock?: Clock },
): Promise<Alert[]> {
  const { alerts, missing } = await evaluateMovements([given], options);
  if (missing.length > 0) throw new AppError("NOT_FOUND", `No ${given.kind} ${given.id}`);
  return alerts;
}

/** The nightly sweep: every movement of the period through the enabled rules, recording what was not raised yet. */
export async function sweepPeriod(options: {
  from: Date;
  until: Date;
  isHighRisk: HighRiskCheck;
  clock?: Clock;
}): Promise<Alert[]> {
  const alerts = await scanPeriod(options);
  return recordAlerts(alerts, (options.clock ?? serverClock)());
}
