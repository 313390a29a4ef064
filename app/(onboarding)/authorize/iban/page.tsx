import { ExpiredRequest, OnboardingFrame } from "@/components/onboarding/onboarding-frame";
import { IbanStep } from "@/components/onboarding/iban-step";
import { QueryProvider } from "@/components/onboarding/query-provider";
import { onboardingStatus } from "@/server/onboarding/onboarding-status";
import { stepPath } from "@/server/onboarding/step-path";
import { loadSignedInStep, type StepSearchParams } from "../load-step";

export const dynamic = "force-dynamic";

/** The IBAN step: request it, watch it being provisioned, copy it. */
export default async function IbanPage(props: { searchParams: StepSearchParams }) {
  const onboarding = await loadSignedInStep(props.searchParams, "iban");
  if (!onboarding) return <ExpiredRequest />;
  return (
    <OnboardingFrame
      applicationName={onboarding.request.applicationName}
      steps={onboarding.steps}
      email={onboarding.user.email}
    >
      <QueryProvider>
        <IbanStep
          requestId={onboarding.request.id}
          initial={onboardingStatus(onboarding)}
          continueHref={stepPath(onboarding.request.id, "consent")}
        />
      </QueryProvider>
    </OnboardingFrame>
  );
}
