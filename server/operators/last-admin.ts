import { AppError } from "../errors.ts";
import type { OperatorRole, Prisma } from "../generated/prisma/client.ts";

/** Arbitrary constant: changes to operators are made one at a time, so two admins cannot demote each other at once. */
const OPERATORS_LOCK = 58_025_911;

/** Takes the operators' lock in the caller's transaction: held until it commits or rolls back. */
export async function lockOperators(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OPERATORS_LOCK})`;
}

/**
 * Whether the instance has an administrator: an enabled operator holding `admin` (a filter on the enum array, as the
 * adapter cannot bind one). Under `lockOperators` the answer holds until the caller's transaction ends.
 */
export async function adminExists(tx: Prisma.TransactionClient): Promise<boolean> {
  const [row] = await tx.$queryRaw<[{ admins: number }]>`
    SELECT count(*)::int AS "admins" FROM "Operator" WHERE 'admin' = ANY("roles") AND "disabledAt" IS NULL`;
  return row.admins > 0;
}

/**
 * C58: someone must be left to run the console. Takes the operators' lock in the caller's transaction, then refuses
 * a change that would leave no enabled operator holding `admin` — demoting, disabling or removing the last admin,
 * themselves included.
 */
export async function keepAnAdmin(
  tx: Prisma.TransactionClient,
  change: { userId: string; roles?: readonly OperatorRole[]; enabled?: boolean },
): Promise<void> {
  await lockOperators(tx);
  const stillAdmin = (change.roles === undefined || change.roles.includes("admin")) && change.enabled !== false;
  if (stillAdmin) return;
  const target = await tx.operator.findUnique({ where: { userId: change.userId } });
  if (!target || target.disabledAt !== null || !target.roles.includes("admin")) return;
  // Read and filtered here: a `has` filter on an enum array is refused by the driver adapter ("malformed array
  // literal"), and operators are few.
  const others = await tx.operator.findMany({
    where: { userId: { not: change.userId }, disabledAt: null },
    select: { roles: true },
  });
  if (!others.some((o) => o.roles.includes("admin"))) {
    throw new AppError(
      "CONFLICT",
      "This is the last admin: make another operator an admin first, then demote, disable or remove this one",
    );
  }
}
