import type { OperatorRole } from "../generated/prisma/client.ts";

export type { OperatorRole };

/** Every operator role (C58), in the order the console shows them. */
export const OPERATOR_ROLES = [
  "reviewer",
  "treasurer",
  "admin",
  "compliance",
] as const satisfies readonly OperatorRole[];

/**
 * Who may use an operator action, part of how every action and route is declared (`withOperator`, `asOperator`,
 * the console's page guard): one role, any of several, or (`ANY_OPERATOR`) every enabled operator — for what
 * belongs to no one area, such as the approvals list, whose decisions check the role of each action themselves.
 */
export type RoleNeed = OperatorRole | readonly OperatorRole[] | typeof ANY_OPERATOR;
export const ANY_OPERATOR = "any-operator";

/** Whether an operator holding `roles` may do what needs `need`. */
export function allows(roles: readonly OperatorRole[], need: RoleNeed): boolean {
  if (roles.length === 0) return false;
  if (need === ANY_OPERATOR) return true;
  const needed: readonly OperatorRole[] = typeof need === "string" ? [need] : need;
  return needed.some((role) => roles.includes(role));
}

/** Roles as given (a form, a list), each once and in the usual order. */
export function normalRoles(roles: readonly OperatorRole[]): OperatorRole[] {
  return OPERATOR_ROLES.filter((role) => roles.includes(role));
}
