import { ConsentForm } from "@/components/onboarding/consent-form";
import { ExpiredRequest, OnboardingFrame } from "@/components/onboarding/onboarding-frame";
import { applicationLogoUrl } from "@/app/applications/[application]/logo/logo-url";
import { getConfig } from "@/server/config";
import { decisionToken } from "@/server/oauth/decision-token";
import { grantableProfiles } from "@/server/oauth/describe-authorization-request";
import { loadSignedInStep, type StepSearchParams } from "../load-step";

export const dynamic = "force-dynamic";

/** The last step: what the application will see, Allow or Deny, then back to the application. */
export default async function ConsentStep(props: { searchParams: StepSearchParams }) {
  const onboarding = await loadSignedInStep(props.searchParams, "consent");
  if (!onboarding) return <ExpiredRequest />;
  const profiles = await grantableProfiles(onboarding.user.id);
  // The profile this onboarding was for comes first, so it is the one chosen unless the person picks another.
  const chosen = onboarding.profile?.id;
  profiles.sort((a, b) => Number(b.id === chosen) - Number(a.id === chosen));
  return (
    <OnboardingFrame
      applicationName={onboarding.request.applicationName}
      steps={onboarding.steps}
      email={onboarding.user.email}
    >
      <ConsentForm
        requestId={onboarding.request.id}
        token={decisionToken(getConfig().secret, onboarding.user.id, onboarding.request.id)}
        applicationName={onboarding.request.applicationName}
        logoUrl={applicationLogoUrl(onboarding.request.applicationId, onboarding.request.applicationLogoId)}
        redirectHost={onboarding.request.redirectHost}
        profiles={profiles}
        reviewPending={onboarding.profile?.state === "pending"}
      />
    </OnboardingFrame>
  );
}
