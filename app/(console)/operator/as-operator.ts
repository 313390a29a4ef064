import { headers } from "next/headers";
import type { z } from "zod";
import { webSession } from "@/app/auth";
import { operatorCopy } from "@/components/copy/operator";
import type { AuditActor } from "@/server/audit/record-audit";
import { getConfig } from "@/server/config";
import { isAppError } from "@/server/errors";
import { requestIdOf } from "@/server/http/request-id";
import { operatorRoles } from "@/server/operators/operator-access";
import { allows, type RoleNeed } from "@/server/operators/operator-roles";
import { isOperator } from "@/server/users/is-operator";
import { validate } from "@/server/validate";

/** What an operator action answers: its outcome, or what went wrong (field errors keyed by dotted path). */
export type OperatorResult<T> = { ok: true; value: T } | { ok: false; error?: string; fields?: Record<string, string> };

/**
 * The signed-in operator as the audit log names them, if their roles allow `need` (C58); otherwise why not: not an
 * operator (or a disabled one) at all, or a role that does not cover this.
 */
export async function consoleOperator(need: RoleNeed): Promise<{ actor: AuditActor } | { refused: string }> {
  const session = await webSession();
  // An enabled operator past the second factor (C57), then one whose roles cover this (C58).
  if (!session || !(await isOperator(session))) return { refused: operatorCopy.operatorsOnly };
  const userId = session.userId;
  if (!allows(await operatorRoles(userId), need)) return { refused: operatorCopy.roleNotAllowed };
  // The same request id rules as the API's: a safe X-Request-Id is kept, otherwise a fresh one.
  const requestId = requestIdOf(new Request(getConfig().appUrl, { headers: await headers() }));
  return { actor: { userId, requestId } };
}

/**
 * Runs an operator's action from a console screen: the signed-in person must be an enabled operator whose roles
 * allow `need` (checked again here, a server action being reachable without the page), the input is checked with
 * the domain's schema, and the operator and this request are handed to the domain as the audit actor. Refusals of
 * the domain come back as the form's errors; anything else is left to fail loudly.
 *
 * Not a server action itself (this module has no "use server"): the pages' actions call it.
 */
export async function asOperator<S extends z.ZodType, T>(
  need: RoleNeed,
  schema: S,
  input: unknown,
  fn: (operator: AuditActor, values: z.output<S>) => Promise<T>,
): Promise<OperatorResult<T>> {
  const operator = await consoleOperator(need);
  if ("refused" in operator) return { ok: false, error: operator.refused };
  try {
    return { ok: true, value: await fn(operator.actor, validate(schema, input)) };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.fields ? undefined : error.message, fields: error.fields };
    throw error;
  }
}
