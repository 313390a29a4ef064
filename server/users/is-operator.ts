import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { hasSecondFactor } from "../operators/second-factors.ts";
import type { WebSession } from "./web-session.ts";

/** Whether these roles make their holder an operator (who must pass a second factor, C57). */
export function holdsOperatorRole(roles: readonly string[]): boolean {
  return roles.includes("admin");
}

/**
 * Whether this session is an operator's: the person holds the `admin` role, and the session passed a second factor
 * when one is due (C57). In production (`TOKENRAIL_OPERATOR_MFA=required`) a password alone never makes an operator;
 * with `optional` (the sandbox), it does only for an operator who has enrolled no factor. Every console page, server
 * action and admin API route decides here, so a session that stops at the password reaches none of them.
 */
export async function isOperator(session: WebSession | undefined): Promise<boolean> {
  if (!session?.userId) return false;
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { id: session.userId }, select: { roles: true } });
  if (!user || !holdsOperatorRole(user.roles)) return false;
  if (session.secondFactor) return true;
  if (getConfig().operatorMfa === "required") return false;
  return !(await hasSecondFactor(session.userId));
}
