import { headers } from "next/headers";
import type { z } from "zod";
import { webSession } from "@/app/auth";
import { operatorCopy } from "@/components/copy/operator";
import type { AuditActor } from "@/server/audit/record-audit";
import { getConfig } from "@/server/config";
import { isAppError } from "@/server/errors";
import { requestIdOf } from "@/server/http/request-id";
import { validate } from "@/server/validate";
import { isOperator } from "@/server/users/is-operator";

/** What an operator action answers: its outcome, or what went wrong (field errors keyed by dotted path). */
export type OperatorResult<T> = { ok: true; value: T } | { ok: false; error?: string; fields?: Record<string, string> };

/**
 * Runs an operator's action from a console screen: the signed-in person must be an operator (checked again here, a
 * server action being reachable without the page), the input is checked with the domain's schema, and the operator
 * and this request are handed to the domain as the audit actor. Refusals of the domain come back as the form's
 * errors; anything else is left to fail loudly.
 *
 * Not a server action itself (this module has no "use server"): the pages' actions call it.
 */
export async function asOperator<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  fn: (operator: AuditActor, values: z.output<S>) => Promise<T>,
): Promise<OperatorResult<T>> {
  const session = await webSession();
  if (!session || !(await isOperator(session))) return { ok: false, error: operatorCopy.operatorsOnly };
  const { userId } = session;
  // The same request id rules as the API's: a safe X-Request-Id is kept, otherwise a fresh one.
  const requestId = requestIdOf(new Request(getConfig().appUrl, { headers: await headers() }));
  try {
    return { ok: true, value: await fn({ userId, requestId }, validate(schema, input)) };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.fields ? undefined : error.message, fields: error.fields };
    throw error;
  }
}
