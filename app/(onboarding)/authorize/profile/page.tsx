import { ExpiredRequest, OnboardingFrame } from "@/components/onboarding/onboarding-frame";
import { ProfileKindForm } from "@/components/onboarding/profile-kind-form";
import { loadSignedInStep, type StepSearchParams } from "../load-step";

export const dynamic = "force-dynamic";

/** Step 2: personal or corporate. */
export default async function ProfileStep(props: { searchParams: StepSearchParams }) {
  const onboarding = await loadSignedInStep(props.searchParams, "profile");
  if (!onboarding) return <ExpiredRequest />;
  return (
    <OnboardingFrame
      applicationName={onboarding.request.applicationName}
      steps={onboarding.steps}
      email={onboarding.user.email}
    >
      <ProfileKindForm requestId={onboarding.request.id} initial={onboarding.profile?.kind} />
    </OnboardingFrame>
  );
}
