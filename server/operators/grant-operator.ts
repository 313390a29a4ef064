import type { OperatorRole, Prisma } from "../generated/prisma/client.ts";
import { normalRoles } from "./operator-roles.ts";

/**
 * Makes a person an enabled operator with these roles (an accepted invitation, the bootstrap): the `Operator` row
 * holds the roles (C58), and the spec's `User.roles` gains `admin` (the authentication context's "an operator").
 * Roles they held already are kept beside the new ones; a disabled operator stays disabled until an admin enables
 * them. In the caller's transaction.
 */
export async function grantOperator(
  tx: Prisma.TransactionClient,
  options: { userId: string; roles: readonly OperatorRole[] },
): Promise<void> {
  const { userId } = options;
  const existing = await tx.operator.findUnique({ where: { userId }, select: { roles: true, disabledAt: true } });
  const roles = normalRoles([...(existing?.roles ?? []), ...options.roles]);
  await tx.operator.upsert({ where: { userId }, update: { roles }, create: { userId, roles } });
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { roles: true } });
  if (!existing?.disabledAt && !user.roles.includes("admin")) {
    await tx.user.update({ where: { id: userId }, data: { roles: [...user.roles, "admin"] } });
  }
}
