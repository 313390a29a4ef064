"use server";

import { serverClock } from "@/server/clock";
import { validate } from "@/server/validate";
import { requestRefSchema } from "@/server/onboarding/onboarding.schemas";
import { personCaller } from "@/server/onboarding/session-caller";
import { stepPath } from "@/server/onboarding/step-path";
import { createDetailsBodySchema, formBodySchema, verificationsBodySchema } from "@/server/profiles/kyc.schemas";
import { submitDetails, submitForm, submitVerifications } from "@/server/profiles/submit-kyc";
import { onboardingAction, type StepResult } from "./onboarding-action";

/*
 * The KYC parts' actions. Each takes `{request, personal | corporate}`: the request the screen belongs to beside the
 * same body as the API's PATCH /profiles/{id}/details|form|verifications, checked with the API's schema and
 * submitted for the onboarding's profile as the signed-in person. Field errors come back keyed like the API's.
 */

/** Details. In the reliance model the optional source-of-funds document is offered next. */
export async function submitDetailsAction(input: unknown): Promise<StepResult> {
  return onboardingAction(requestRefSchema, input, async (onboarding) => {
    if (!onboarding.profile) return;
    const body = validate(createDetailsBodySchema(serverClock), input);
    await submitDetails({ caller: personCaller(onboarding), profileId: onboarding.profile.id, body });
    if (onboarding.profile.kycModel === "reliance") {
      return { next: stepPath(onboarding.request.id, "kyc", "due-diligence") };
    }
  });
}

/** The questionnaire. */
export async function submitFormAction(input: unknown): Promise<StepResult> {
  return onboardingAction(requestRefSchema, input, async (onboarding) => {
    if (!onboarding.profile) return;
    const body = validate(formBodySchema, input);
    await submitForm({ caller: personCaller(onboarding), profileId: onboarding.profile.id, body });
  });
}

/** Documents, and the optional due diligence. */
export async function submitVerificationsAction(input: unknown): Promise<StepResult> {
  return onboardingAction(requestRefSchema, input, async (onboarding) => {
    if (!onboarding.profile) return;
    const body = validate(verificationsBodySchema, input);
    await submitVerifications({ caller: personCaller(onboarding), profileId: onboarding.profile.id, body });
  });
}
