import { redirect } from "next/navigation";
import { auth } from "@/app/auth";
import { canVisit, loadOnboarding, type Onboarding } from "@/server/onboarding/onboarding-state";
import { resumePath } from "@/server/onboarding/step-path";
import type { StepName } from "@/server/onboarding/steps";

export type StepSearchParams = Promise<{ request?: string }>;

/**
 * The onboarding as a step screen sees it: undefined when the request is gone (the screen says so); a step the
 * person may not be on yet sends them to the router, which picks the right one.
 */
export async function loadStep(searchParams: StepSearchParams, step: StepName): Promise<Onboarding | undefined> {
  const { request = "" } = await searchParams;
  const session = await auth();
  const onboarding = await loadOnboarding({ requestId: request, userId: session?.user?.id });
  if (!onboarding) return undefined;
  if (!canVisit(onboarding, step)) redirect(resumePath(onboarding.request.id));
  return onboarding;
}

/** As `loadStep`, for the steps that need the person signed in and their profile known. */
export async function loadSignedInStep(
  searchParams: StepSearchParams,
  step: StepName,
): Promise<(Onboarding & { user: { id: string; email: string } }) | undefined> {
  const onboarding = await loadStep(searchParams, step);
  if (!onboarding) return undefined;
  if (!onboarding.user) redirect(resumePath(onboarding.request.id));
  return onboarding as Onboarding & { user: { id: string; email: string } };
}
