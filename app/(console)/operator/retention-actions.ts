"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { operatorCopy } from "@/components/copy/operator";
import type { AuditActor } from "@/server/audit/record-audit";
import { getConfig } from "@/server/config";
import { isAppError } from "@/server/errors";
import { MAX_ID } from "@/server/limits";
import { closeProfile } from "@/server/retention/close-profile";
import { requestErasure } from "@/server/retention/request-erasure";
import { operatorReasonSchema } from "@/server/retention/retention.schemas";
import { validate } from "@/server/validate";
import { consoleOperator } from "./as-operator";
import type { ReviewResult } from "./review-actions";

const target = z.object({ profile: z.string().max(MAX_ID).pipe(z.uuid("must be a profile id")) });

/** Runs a retention action (C71) as the signed-in reviewer, with the reason the audit log keeps. */
async function asOperator(
  input: unknown,
  fn: (operator: AuditActor, profile: string, reason: string) => Promise<string>,
) {
  const signedIn = await consoleOperator("reviewer");
  if ("refused" in signedIn) return { error: signedIn.refused };
  try {
    const { profile } = validate(target, input);
    const { reason } = validate(operatorReasonSchema, input);
    const done = await fn(signedIn.actor, profile, reason);
    revalidatePath(`/operator/profiles/${profile}`);
    return { done };
  } catch (error) {
    if (isAppError(error)) return { error: error.fields ? undefined : error.message, fields: error.fields };
    throw error;
  }
}

/** Close the profile for its customer: no new orders or IBANs; the retention period starts. */
export async function closeProfileAction(input: unknown): Promise<ReviewResult> {
  return asOperator(input, async (operator, profileId, reason) => {
    await closeProfile({ profileId, by: { operator }, reason, config: getConfig() });
    return operatorCopy.review.retention.closed;
  });
}

/** Record the customer's request to erase their data: erased now, or scheduled for the end of the retention period. */
export async function erasureRequestAction(input: unknown): Promise<ReviewResult> {
  return asOperator(input, async (operator, profileId, reason) => {
    const outcome = await requestErasure({ profileId, by: { operator }, reason, config: getConfig() });
    return outcome.outcome === "erased"
      ? operatorCopy.review.retention.erasedNow
      : operatorCopy.review.retention.scheduled(outcome.eraseAfter.slice(0, 10));
  });
}
