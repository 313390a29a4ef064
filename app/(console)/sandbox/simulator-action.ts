import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { webSession } from "@/app/auth";
import { sandboxCopy } from "@/components/copy/sandbox";
import { isAppError } from "@/server/errors";
import { logger } from "@/server/logging/logger";
import type { SandboxActor } from "@/server/sandbox/change-sandbox-settings";
import { isOperator } from "@/server/users/is-operator";

/** What a simulator action answers: its result, or what went wrong (field errors keyed by field name). */
export type SimulatorResult<T> = { ok?: T; error?: string; fields?: Record<string, string> };

/**
 * Runs a simulator action for the signed-in person (an operator's changes also go to the audit log). Refusals of the
 * domain come back as the form's errors; anything else is logged with a request id and answered in general words.
 *
 * Not a server action itself (this module has no "use server"): the actions call it.
 */
export async function simulatorAction<T>(fn: (actor: SandboxActor) => Promise<T>): Promise<SimulatorResult<T>> {
  const requestId = (await headers()).get("x-request-id") ?? randomUUID();
  const session = await webSession();
  if (!session) return { error: sandboxCopy.signInAgain };
  const actor: SandboxActor = {
    kind: "person",
    userId: session.userId,
    operator: await isOperator(session),
    requestId,
  };
  try {
    return { ok: await fn(actor) };
  } catch (error) {
    if (isAppError(error)) return { error: error.fields ? undefined : error.message, fields: error.fields };
    logger().error({ err: error, reqId: requestId }, "sandbox simulator action failed");
    return { error: sandboxCopy.failed };
  }
}
