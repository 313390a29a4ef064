import { getConfig } from "../config.ts";
import { operatorMay } from "../operators/operator-access.ts";
import { ANY_OPERATOR, type RoleNeed } from "../operators/operator-roles.ts";
import { hasSecondFactor } from "../operators/second-factors.ts";
import type { WebSession } from "./web-session.ts";

/**
 * Whether these roles (the spec's `User.roles`) make their holder an operator, who must pass a second factor (C57):
 * `admin` stays there exactly while the operator is enabled; what they may do is their operator roles (C58).
 */
export function holdsOperatorRole(roles: readonly string[]): boolean {
  return roles.includes("admin");
}

/**
 * Whether this session passed the second factor it owes (C57). In production (`TOKENRAIL_OPERATOR_MFA=required`) a
 * password alone never does; with `optional` (the sandbox), it does only for an operator who has enrolled no factor.
 */
async function secondFactorDone(session: WebSession): Promise<boolean> {
  if (session.secondFactor) return true;
  if (getConfig().operatorMfa === "required") return false;
  return !(await hasSecondFactor(session.userId));
}

/**
 * Whether this session is an enabled operator's whose roles allow `need` (C58), past its second factor (C57). Every
 * console page, server action and admin API route decides here, so a session that stops at the password, a disabled
 * operator or the wrong role reaches none of them.
 */
export async function operatorSessionMay(session: WebSession | undefined, need: RoleNeed): Promise<boolean> {
  if (!session?.userId) return false;
  if (!(await operatorMay(session.userId, need))) return false;
  return secondFactorDone(session);
}

/** Whether this session is an operator's, whatever their roles (past the second factor). */
export async function isOperator(session: WebSession | undefined): Promise<boolean> {
  return operatorSessionMay(session, ANY_OPERATOR);
}
