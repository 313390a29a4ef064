import type { Operator, OperatorRole, Prisma } from "../generated/prisma/client.ts";
import type { OperatorView } from "./operator.responses.ts";
import { normalRoles } from "./operator-roles.ts";
import { openEmail, openName } from "../users/user-email.ts";
import { approvalPayload } from "../approvals/approval-text.ts";

export type OperatorRow = Operator & { user: { email: unknown; name: unknown } };
export const OPERATOR_INCLUDE = { user: { select: { email: true, name: true } } } as const;

/** Operators as the page lists them, with any role change that waits for a second operator. */
export async function operatorViews(tx: Prisma.TransactionClient, rows: OperatorRow[]): Promise<OperatorView[]> {
  const pending = await tx.operatorApproval.findMany({
    where: { action: "operator.roles", state: "pending", subjectId: { in: rows.map((r) => r.userId) } },
    select: { subjectId: true, payload: true },
  });
  return rows.map((row) => {
    const waiting = pending.find((p) => p.subjectId === row.userId);
    const asked = waiting ? approvalPayload<{ roles?: OperatorRole[] }>(waiting) : undefined;
    return {
      id: row.userId,
      email: openEmail(row.user.email),
      name: openName(row.user.name),
      roles: normalRoles(row.roles),
      enabled: row.disabledAt === null,
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      pendingRoles: asked?.roles ? normalRoles(asked.roles) : null,
    };
  });
}
