import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { uuidOrUndefined } from "../ids.ts";
import { revokeSignIns } from "../users/revoke-sign-ins.ts";
import { keepAnAdmin } from "./last-admin.ts";
import type { OperatorView } from "./operator.responses.ts";
import { OPERATOR_INCLUDE, operatorViews } from "./operator-view.ts";

/**
 * An admin disables or enables an operator (C58), at once: every request of a disabled operator's session reads
 * their access afresh (`operatorRoles`), so from the next one on it reaches nothing of the console, and disabling
 * signs them out everywhere (`revokeSignIns`). The last
 * enabled admin cannot be disabled. `User.roles` (the authentication context's `admin`, spec) follows: a disabled
 * operator is no longer reported as one. Audited.
 */
export async function setOperatorEnabled(options: {
  userId: string;
  enabled: boolean;
  actor: AuditActor;
  clock?: Clock;
}): Promise<OperatorView> {
  const { enabled, actor, clock = serverClock } = options;
  const userId = uuidOrUndefined(options.userId);
  if (!userId) throw new AppError("NOT_FOUND", "Operator not found");
  const prisma = await db();
  const now = clock();
  return prisma.$transaction(async (tx) => {
    await keepAnAdmin(tx, { userId, enabled });
    const before = await tx.operator.findUnique({ where: { userId }, include: { user: { select: { roles: true } } } });
    if (!before) throw new AppError("NOT_FOUND", "Operator not found");
    const otherRoles = before.user.roles.filter((role) => role !== "admin");
    const after = await tx.operator.update({
      where: { userId },
      data: {
        disabledAt: enabled ? null : (before.disabledAt ?? now),
        user: { update: { roles: enabled ? [...otherRoles, "admin"] : otherRoles } },
      },
      include: OPERATOR_INCLUDE,
    });
    if ((before.disabledAt === null) !== enabled) {
      // Disabled, they are signed out everywhere: sessions, applications' tokens, codes and open requests (C55).
      if (!enabled) await revokeSignIns(tx, userId, now);
      await recordAudit(tx, {
        actor,
        action: enabled ? "operator.enable" : "operator.disable",
        subject: { type: "operator", id: userId },
        before: { enabled: before.disabledAt === null },
        after: { enabled },
        at: now,
      });
    }
    const [view] = await operatorViews(tx, [after]);
    return view!;
  });
}
