import { requestApproval } from "../approvals/request-approval.ts";
import type { ApprovalView } from "../approvals/approval.responses.ts";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { OperatorRole, Prisma } from "../generated/prisma/client.ts";
import { uuidOrUndefined } from "../ids.ts";
import { keepAnAdmin } from "./last-admin.ts";
import type { OperatorView } from "./operator.responses.ts";
import { normalRoles } from "./operator-roles.ts";
import { OPERATOR_INCLUDE, operatorViews } from "./operator-view.ts";
import { openEmail } from "../users/user-email.ts";

/**
 * An admin changes an operator's roles (C58). With four eyes on (C59) the change waits for a second admin
 * (`approval`); otherwise it is made at once (`operator`). Either way a change that would leave no enabled admin is
 * refused first, with a clear message, and checked again when it runs.
 */
export async function changeOperatorRoles(options: {
  userId: string;
  roles: OperatorRole[];
  actor: AuditActor;
  config: Config;
  clock?: Clock;
}): Promise<{ operator: OperatorView } | { approval: ApprovalView }> {
  const { actor, config, clock = serverClock } = options;
  const userId = uuidOrUndefined(options.userId);
  if (!userId) throw new AppError("NOT_FOUND", "Operator not found");
  const roles = normalRoles(options.roles);
  const prisma = await db();
  const now = clock();
  return prisma.$transaction(async (tx) => {
    const current = await tx.operator.findUnique({ where: { userId }, include: OPERATOR_INCLUDE });
    if (!current) throw new AppError("NOT_FOUND", "Operator not found");
    await keepAnAdmin(tx, { userId, roles });
    if (!config.fourEyes) return { operator: await applyOperatorRoles(tx, { userId, roles, actor, now }) };
    const approval = await requestApproval(tx, {
      action: "operator.roles",
      subject: { type: "operator", id: userId },
      payload: { roles },
      summary: `Roles of ${openEmail(current.user.email)}: ${normalRoles(current.roles).join(", ")} → ${roles.join(", ")}`,
      actor,
      now,
    });
    return { approval };
  });
}

/** Makes the change, audited as `actor`'s (the approver's, under four eyes), in the caller's transaction. */
export async function applyOperatorRoles(
  tx: Prisma.TransactionClient,
  options: { userId: string; roles: OperatorRole[]; actor: AuditActor; now: Date; approvalId?: string },
): Promise<OperatorView> {
  const { userId, actor, now, approvalId } = options;
  const roles = normalRoles(options.roles);
  await keepAnAdmin(tx, { userId, roles });
  const before = await tx.operator.findUnique({ where: { userId } });
  if (!before) throw new AppError("NOT_FOUND", "Operator not found");
  const after = await tx.operator.update({ where: { userId }, data: { roles }, include: OPERATOR_INCLUDE });
  await recordAudit(tx, {
    actor,
    action: "operator.roles",
    subject: { type: "operator", id: userId },
    before: { roles: normalRoles(before.roles) },
    after: { roles, ...(approvalId ? { approval: approvalId } : {}) },
    at: now,
  });
  const [view] = await operatorViews(tx, [after]);
  return view!;
}
