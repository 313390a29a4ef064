import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { uuidOrUndefined } from "../ids.ts";

/**
 * An admin acknowledges a supply alert (C69): it closes, audited with their note, and mints (stopped while it was
 * open, where so set) go again. A difference still there is raised again by the watch's next poll, as a new alert.
 */
export async function acknowledgeSupplyAlert(options: {
  alertId: string;
  note: string;
  actor: AuditActor;
  clock?: Clock;
}): Promise<void> {
  const { note, actor, clock = serverClock } = options;
  const id = uuidOrUndefined(options.alertId);
  if (!id) throw new AppError("NOT_FOUND", "Alert not found");
  const prisma = await db();
  const now = clock();
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.supplyAlert.updateMany({
      where: { id, openKey: { not: null } },
      data: { openKey: null, acknowledgedAt: now, acknowledgedById: actor.userId, note },
    });
    if (count !== 1) throw new AppError("CONFLICT", "This alert is not open (acknowledged before, or unknown)");
    await recordAudit(tx, {
      actor,
      action: "supply.alert.acknowledge",
      subject: { type: "supply-alert", id },
      reason: note,
      at: now,
    });
  });
}
