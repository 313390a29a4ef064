"use server";

import { auth } from "@/app/auth";
import { validate } from "@/server/validate";
import { chooseProfile } from "@/server/onboarding/choose-profile";
import { loadOnboarding } from "@/server/onboarding/onboarding-state";
import { chooseProfileSchema, requestIbanStepSchema, requestRefSchema } from "@/server/onboarding/onboarding.schemas";
import { onboardingStatus, type OnboardingStatus } from "@/server/onboarding/onboarding-status";
import { personCaller } from "@/server/onboarding/session-caller";
import { requestIban } from "@/server/ibans/request-iban";
import { getConfig } from "@/server/config";
import { onboardingAction, type StepResult } from "./onboarding-action";

export type { StepResult } from "./onboarding-action";

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
