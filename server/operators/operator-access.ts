import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { allows, type OperatorRole, type RoleNeed } from "./operator-roles.ts";

/** How often the console writes down that an operator was seen (a write per request would be wasted). */
const SEEN_EVERY_MS = 60_000;

/**
 * The roles of an enabled operator, read afresh on every request so that disabling an operator or changing their
 * roles takes effect at once; nothing for anyone else (no account, not an operator, disabled). The console's
 * "last seen" is written here, at most once a minute.
 */
export async function operatorRoles(userId: string | undefined, clock: Clock = serverClock): Promise<OperatorRole[]> {
  if (!userId) return [];
  const prisma = await db();
  const operator = await prisma.operator.findUnique({
    where: { userId },
    select: { roles: true, disabledAt: true, lastSeenAt: true },
  });
  if (!operator || operator.disabledAt) return [];
  const now = clock();
  if (!operator.lastSeenAt || now.getTime() - operator.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    await prisma.operator.updateMany({ where: { userId, disabledAt: null }, data: { lastSeenAt: now } });
  }
  return operator.roles;
}

/** Whether this person is an enabled operator whose roles allow what needs `need`. */
export async function operatorMay(userId: string | undefined, need: RoleNeed): Promise<boolean> {
  return allows(await operatorRoles(userId), need);
}
