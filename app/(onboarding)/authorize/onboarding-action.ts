import type { z } from "zod";
import { auth } from "@/app/auth";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { isAppError } from "@/server/errors";
import { validate } from "@/server/validate";
import { loadOnboarding, type Onboarding } from "@/server/onboarding/onboarding-state";
import { resumePath } from "@/server/onboarding/step-path";

/** What a step's action answers: where to go next, or what went wrong (field errors keyed by dotted path). */
export type StepResult = { next?: string; error?: string; fields?: Record<string, string> };

export type SignedInOnboarding = Onboarding & { user: { id: string; email: string } };

/**
 * Runs a step's action for the signed-in person on a live request: the input is checked with the step's schema
 * (the same the form uses), refusals of the domain come back as the form's errors, and anything else is left to
 * fail loudly. Without an answer of its own, the action sends the person on to the next step.
 *
 * Not a server action itself (this module has no "use server"): the step actions call it.
 */
export async function onboardingAction<S extends z.ZodType<{ request: string }>, R extends StepResult = StepResult>(
  schema: S,
  input: unknown,
  fn: (onboarding: SignedInOnboarding, values: z.output<S>) => Promise<R | void>,
): Promise<R | StepResult> {
  try {
    const values = validate(schema, input);
    const userId = (await auth())?.user?.id;
    const onboarding = await loadOnboarding({ requestId: values.request, userId });
    if (!onboarding) return { error: onboardingCopy.expired.title };
    if (!onboarding.user) return { next: resumePath(values.request) };
    return (await fn(onboarding as SignedInOnboarding, values)) ?? { next: resumePath(values.request) };
  } catch (error) {
    if (isAppError(error)) {
      return { error: error.fields ? undefined : error.message, fields: error.fields };
    }
    throw error;
  }
}
