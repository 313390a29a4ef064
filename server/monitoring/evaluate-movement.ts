import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { loadMovements, loadProfileFacts } from "./load-movements.ts";
import type { Alert, MovementRef } from "./movement.ts";
import { recordAlerts } from "./record-alerts.ts";
import { longestLookback, runRules, type HighRiskCheck } from "./rule-engine.ts";
import { activeRules, scanPeriod } from "./scan-period.ts";

/**
 * Runs the enabled rules over one movement (a redeem order once placed or processed, a credit once minted) and
 * records what they raise. The issue order of a credit may be given for the credit. Returns the alerts raised now; an alert raised before on this movement is not repeated.
 * Call it after the transaction that wrote the movement committed.
 */
export async function evaluateMovement(
  given: MovementRef,
  options: { isHighRisk: HighRiskCheck; clock?: Clock },
): Promise<Alert[]> {
  const prisma = await db();
  const movement = await asMovement(given);
  const subject =
    movement.kind === "order"
      ? await prisma.order.findUnique({ where: { id: movement.id }, select: { profileId: true, placedAt: true } })
      : await creditSubject(movement.id);
  if (!subject) throw new AppError("NOT_FOUND", `No ${movement.kind} ${movement.id}`);
  const rules = await activeRules();
  if (rules.length === 0) return [];
  const at = subject.placedAt;
  const movements = await loadMovements(prisma, {
    from: new Date(at.getTime() - longestLookback(rules)),
    until: at,
    profileIds: [subject.profileId],
  });
  const facts = await loadProfileFacts(prisma, [subject.profileId]);
  const alerts = await runRules({
    rules,
    movements,
    facts,
    from: at,
    until: at,
    isHighRisk: options.isHighRisk,
    only: (m) => m.kind === movement.kind && m.id === movement.id,
  });
  return recordAlerts(alerts, (options.clock ?? serverClock)());
}

/** An issue order names its credit: the mint code may pass either. */
async function asMovement(ref: MovementRef): Promise<MovementRef> {
  if (ref.kind !== "order") return ref;
  const prisma = await db();
  const payment = await prisma.incomingPayment.findUnique({ where: { orderId: ref.id }, select: { id: true } });
  return payment ? { kind: "credit", id: payment.id } : ref;
}

async function creditSubject(id: string) {
  const prisma = await db();
  const payment = await prisma.incomingPayment.findUnique({
    where: { id },
    select: { orderId: true, receivedAt: true },
  });
  if (!payment) return null;
  const order = await prisma.order.findUnique({ where: { id: payment.orderId }, select: { profileId: true } });
  return order ? { profileId: order.profileId, placedAt: payment.receivedAt } : null;
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
