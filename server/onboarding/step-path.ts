import type { KycPart, StepName } from "./steps.ts";

/** The address of an onboarding screen: `/authorize/<step>[/<kyc part>]?request=<id>`. */
export function stepPath(requestId: string, step: StepName, part?: KycPart): string {
  const query = `?request=${encodeURIComponent(requestId)}`;
  if (step === "kyc" && part) return `/authorize/kyc/${part}${query}`;
  return `/authorize/${step}${query}`;
}

/** Where the onboarding continues: the router at `/authorize` works out the step. */
export const resumePath = (requestId: string) => `/authorize?request=${encodeURIComponent(requestId)}`;
