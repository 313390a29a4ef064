import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { AppError } from "../errors.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { ApprovalAction, ApprovalSubject, ApprovalView } from "./approval.responses.ts";
import { approvalSubjectKey, sealApprovalText } from "./approval-text.ts";
import { approvalView } from "./approval-view.ts";

/**
 * Four eyes (C59): instead of running an action, records that `actor` asked for it (what, on what, with which
 * payload, when), in the caller's transaction and in the audit log. One action on one subject waits once: asking
 * again while it waits is a CONFLICT that says so. A second operator decides (`decide-approval.ts`).
 */
export async function requestApproval(
  tx: Prisma.TransactionClient,
  options: {
    action: ApprovalAction;
    subject: { type: ApprovalSubject; id: string };
    payload: Record<string, Prisma.InputJsonValue>;
    summary: string;
    actor: AuditActor;
    now: Date;
  },
): Promise<ApprovalView> {
  const { action, subject, payload, summary, actor, now } = options;
  const pendingKey = `${action}:${subject.id}`;
  // Two operators asking at once: the second waits here, then finds the first one's request.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${pendingKey}))`;
  const waiting = await tx.operatorApproval.findUnique({ where: { pendingKey }, select: { id: true } });
  if (waiting) throw new AppError("CONFLICT", "This already awaits a second operator's approval");
  const row = await tx.operatorApproval.create({
    data: {
      action,
      subjectType: subject.type,
      subjectId: subject.id,
      // Sealed at rest (C70), under the key of the customer it is about (C71); found by its pendingKey, which stays
      // plain, while it waits.
      ...sealApprovalText({ payload, summary }, await approvalSubjectKey(tx, subject, now)),
      pendingKey,
      requestedById: actor.userId,
      requestedAt: now,
    },
  });
  await recordAudit(tx, {
    actor,
    action: "approval.request",
    subject: { type: "approval", id: row.id },
    after: { action, subject, payload, summary },
    at: now,
  });
  return approvalView(tx, row);
}
