import { db } from "../db/client.ts";
import { holdsOperatorRole } from "../users/is-operator.ts";
import type { WebSession } from "../users/web-session.ts";
import { hasSecondFactor } from "./second-factors.ts";

/**
 * Who may add a second factor: an operator whose session passed one, or an operator who has none yet (their first,
 * at sign-in or after accepting an invitation). A session that stopped at the password of an operator who has a
 * factor may not: a stolen password must not be able to add the thief's own passkey (C57).
 */
export async function mayEnrol(session: WebSession | undefined): Promise<boolean> {
  if (!session) return false;
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { id: session.userId }, select: { roles: true } });
  if (!user || !holdsOperatorRole(user.roles)) return false;
  return session.secondFactor || !(await hasSecondFactor(session.userId));
}
