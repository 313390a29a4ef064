"use server";

import type { z } from "zod";
import { auth } from "@/app/auth";
import { isAppError } from "@/server/http/errors";
import { validate } from "@/server/http/validate";
import { chooseProfile } from "@/server/onboarding/choose-profile";
import { loadOnboarding, type Onboarding } from "@/server/onboarding/onboarding-state";
import { chooseProfileSchema, requestIbanStepSchema, requestRefSchema } from "@/server/onboarding/onboarding.schemas";
import { onboardingStatus, type OnboardingStatus } from "@/server/onboarding/onboarding-status";
import { personCaller } from "@/server/onboarding/session-caller";
import { requestIban } from "@/server/ibans/request-iban";
import { getConfig } from "@/server/config";
import { resumePath } from "@/server/onboarding/step-path";
import { copy } from "@/components/copy";

/** What a step's action answers: where to go next, or what went wrong (field errors keyed by dotted path). */
export type StepResult = { next?: string; error?: string; fields?: Record<string, string> };

type SignedInOnboarding = Onboarding & { user: { id: string; email: string } };

/**
 * Runs a step's action for the signed-in person on a live request: the input is checked with the step's schema
 * (the same the form uses), refusals of the domain come back as the form's errors, and anything else is left to
 * fail loudly. Without an answer of its own, the action sends the person on to the next step.
 */
async function onboardingAction<S extends z.ZodType<{ request: string }>>(
  schema: S,
  input: unknown,
  fn: (onboarding: SignedInOnboarding, values: z.output<S>) => Promise<StepResult | void>,
): Promise<StepResult> {
  try {
    const values = validate(schema, input);
    const userId = (await auth())?.user?.id;
    const onboarding = await loadOnboarding({ requestId: values.request, userId });
    if (!onboarding) return { error: copy.onboarding.expired.title };
    if (!onboarding.user) return { next: resumePath(values.request) };
    return (await fn(onboarding as SignedInOnboarding, values)) ?? { next: resumePath(values.request) };
  } catch (error) {
    if (isAppError(error)) {
      return { error: error.fields ? undefined : error.message, fields: error.fields };
    }
    throw error;
  }
}

/** The profile step: personal or corporate. */
export async function chooseProfileAction(input: unknown): Promise<StepResult> {
  return onboardingAction(chooseProfileSchema, input, async (onboarding, { kind }) => {
    await chooseProfile({ onboarding, kind });
  });
}

/** The IBAN step: an IBAN paying into one of the profile's linked wallets. The page then shows its provisioning. */
export async function requestIbanAction(input: unknown): Promise<StepResult> {
  return onboardingAction(requestIbanStepSchema, input, async (onboarding, { target }) => {
    const [chain = "", address = ""] = target.split(":");
    await requestIban({
      caller: personCaller(onboarding),
      request: { profile: onboarding.profile?.id, address, chain, emailNotifications: true },
      config: getConfig(),
    });
    return {};
  });
}

/** Polled by the screens that wait: the review, a Safe's on-chain signature, the IBAN's number. */
export async function onboardingStatusAction(input: unknown): Promise<OnboardingStatus | undefined> {
  const { request } = validate(requestRefSchema, input);
  const userId = (await auth())?.user?.id;
  if (!userId) return undefined;
  const onboarding = await loadOnboarding({ requestId: request, userId });
  return onboarding && onboardingStatus(onboarding);
}
