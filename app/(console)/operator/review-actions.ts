"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import { webSession } from "@/app/auth";
import { operatorCopy } from "@/components/copy/operator";
import type { AuditActor } from "@/server/audit/record-audit";
import { isAppError } from "@/server/errors";
import { requestIdFrom } from "@/server/http/request-id";
import { validate } from "@/server/validate";
import { decide, setBlocked } from "@/server/profiles/review-profile";
import { blockSchema, decisionSchema } from "@/server/profiles/review.schemas";
import { isOperator } from "@/server/users/is-operator";
import { MAX_ID } from "@/server/limits";

/** What a review action answers: what was done, or what went wrong (field errors keyed like the admin API's). */
export type ReviewResult = { done?: string; error?: string; fields?: Record<string, string> };

const target = z.object({ profile: z.string().max(MAX_ID).pipe(z.uuid("must be a profile id")) });

/**
 * Runs a console action as the signed-in operator, named in the audit log with a request id exactly as the admin
 * API names it. Anyone else learns nothing (the admin API's 404 message). Refusals of the domain come back as the
 * form's errors; the profile's page is rendered afresh so the change shows at once.
 */
async function asOperator(input: unknown, fn: (operator: AuditActor, profile: string) => Promise<string>) {
  const session = await webSession();
  if (!session || !(await isOperator(session))) return { error: operatorCopy.review.notOperator };
  const operator = { userId: session.userId, requestId: requestIdFrom(await headers()) };
  try {
    const { profile } = validate(target, input);
    const done = await fn(operator, profile);
    revalidatePath(`/operator/profiles/${profile}`);
    revalidatePath("/operator");
    return { done };
  } catch (error) {
    if (isAppError(error)) return { error: error.fields ? undefined : error.message, fields: error.fields };
    throw error;
  }
}

/** Approve or reject one section awaiting review, or (without `section`) all of them. */
export async function decideAction(input: unknown): Promise<ReviewResult> {
  return asOperator(input, async (operator, profileId) => {
    const decision = validate(decisionSchema, input);
    await decide({ profileId, decision, operator });
    const what = decision.section
      ? operatorCopy.sectionName(decision.section, decision.kind ?? "")
      : operatorCopy.review.decision.wholeProfile;
    return operatorCopy.review.decision.done(what, decision.decision);
  });
}

/** Block the profile, with a reason. */
export async function blockAction(input: unknown): Promise<ReviewResult> {
  return asOperator(input, async (operator, profileId) => {
    const { reason } = validate(blockSchema, input);
    await setBlocked({ profileId, blocked: true, reason, operator });
    return operatorCopy.review.block.blocked;
  });
}

/** Lift a block. */
export async function unblockAction(input: unknown): Promise<ReviewResult> {
  return asOperator(input, async (operator, profileId) => {
    await setBlocked({ profileId, blocked: false, operator });
    return operatorCopy.review.block.unblocked;
  });
}
