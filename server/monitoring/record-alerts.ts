import { db } from "../db/client.ts";
import { parseAmount } from "../money/amount.ts";
import { openAlertCase } from "./alert-case.ts";
import type { Alert } from "./movement.ts";

/**
 * Keeps the alerts not raised before and returns those: one rule alerts once on one movement however often the
 * movement is evaluated (placed, then processed; the nightly sweep again), because `alertKey` is unique. Each fresh
 * alert opens its case in the same transaction (`alert-case.ts`), so there is never an alert without its case: a
 * second instance recording the same alert meanwhile waits on the key, then finds it taken and opens nothing.
 */
export async function recordAlerts(alerts: Alert[], now: Date): Promise<Alert[]> {
  if (alerts.length === 0) return [];
  const prisma = await db();
  const fresh: Alert[] = [];
  for (const alert of alerts) {
    const parsed = parseAmount(alert.amount);
    if (!parsed.ok) throw new RangeError(`alert amount ${alert.amount}`);
    const inserted = await prisma.$transaction(async (tx) => {
      const [row] = await tx.monitoringAlert.createManyAndReturn({
        data: {
          alertKey: alert.alertKey,
          ruleKey: alert.ruleKey,
          profileId: alert.profileId,
          subjectKind: alert.subject.kind,
          subjectId: alert.subject.id,
          amountMinor: parsed.minor,
          currency: alert.currency,
          explanation: alert.explanation,
          windowFrom: new Date(alert.window.from),
          windowUntil: new Date(alert.window.until),
          related: alert.related,
          raisedAt: now,
        },
        skipDuplicates: true,
        select: { id: true },
      });
      if (!row) return false;
      await openAlertCase(tx, alert, { alertId: row.id, now });
      return true;
    });
    if (inserted) fresh.push(alert);
  }
  return fresh;
}
