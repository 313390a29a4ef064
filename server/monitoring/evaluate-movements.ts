import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { loadMovements, loadProfileFacts } from "./load-movements.ts";
import { refOf, type Alert, type MovementRef } from "./movement.ts";
import { recordAlerts } from "./record-alerts.ts";
import { longestLookback, runRules, type HighRiskCheck } from "./rule-engine.ts";
import { activeRules } from "./scan-period.ts";

/** A movement found, with whose it is and when it happened. */
type Subject = { ref: MovementRef; profileId: string; at: Date };

/**
 * Runs the enabled rules over these movements (redeem orders, credits; an issue order stands for its credit) and
 * records what they raise, each against its profile's movements before it. One read for the whole batch, so a bank
 * file's thousands of credits cost a few queries, not a few per credit. Returns the alerts raised now (one raised
 * before on a movement is not repeated) and the movements not found. Call it after the writing transaction committed.
 */
export async function evaluateMovements(
  given: MovementRef[],
  options: { isHighRisk: HighRiskCheck; clock?: Clock },
): Promise<{ alerts: Alert[]; missing: MovementRef[] }> {
  const { subjects, missing } = await findSubjects(given);
  const rules = await activeRules();
  if (rules.length === 0 || subjects.length === 0) return { alerts: [], missing };
  const times = subjects.map((s) => s.at.getTime());
  const first = new Date(Math.min(...times));
  const last = new Date(Math.max(...times));
  const profileIds = [...new Set(subjects.map((s) => s.profileId))];
  const prisma = await db();
  const movements = await loadMovements(prisma, {
    from: new Date(first.getTime() - longestLookback(rules)),
    until: last,
    profileIds,
  });
  const wanted = new Set(subjects.map((s) => refOf(s.ref)));
  const alerts = await runRules({
    rules,
    movements,
    facts: await loadProfileFacts(prisma, profileIds),
    from: first,
    until: last,
    isHighRisk: options.isHighRisk,
    only: (m) => wanted.has(refOf(m)),
  });
  return { alerts: await recordAlerts(alerts, (options.clock ?? serverClock)()), missing };
}

/** The movements behind the references: an order that is an issue order is its credit; unknown ids are missing. */
async function findSubjects(given: MovementRef[]): Promise<{ subjects: Subject[]; missing: MovementRef[] }> {
  const prisma = await db();
  const orderIds = [...new Set(given.filter((r) => r.kind === "order").map((r) => r.id))];
  const creditIds = [...new Set(given.filter((r) => r.kind === "credit").map((r) => r.id))];
  const payments = await prisma.incomingPayment.findMany({
    where: { OR: [{ id: { in: creditIds } }, { orderId: { in: orderIds } }] },
    select: { id: true, orderId: true, receivedAt: true },
  });
  const paidOrders = new Set(payments.map((p) => p.orderId));
  const orders = await prisma.order.findMany({
    where: { id: { in: [...orderIds, ...payments.map((p) => p.orderId)] } },
    select: { id: true, profileId: true, placedAt: true },
  });
  const orderOf = new Map(orders.map((o) => [o.id, o]));
  const subjects: Subject[] = [];
  for (const p of payments) {
    const owner = orderOf.get(p.orderId);
    if (owner) subjects.push({ ref: { kind: "credit", id: p.id }, profileId: owner.profileId, at: p.receivedAt });
  }
  for (const id of orderIds) {
    const order = orderOf.get(id);
    if (order && !paidOrders.has(id))
      subjects.push({ ref: { kind: "order", id }, profileId: order.profileId, at: order.placedAt });
  }
  const found = new Set([...subjects.map((s) => refOf(s.ref)), ...payments.map((p) => `order:${p.orderId}`)]);
  return { subjects, missing: given.filter((r) => !found.has(refOf(r))) };
}
