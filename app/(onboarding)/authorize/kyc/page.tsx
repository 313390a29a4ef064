import { redirect } from "next/navigation";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import { ExpiredRequest, OnboardingFrame } from "@/components/onboarding/onboarding-frame";
import { resumePath, stepPath } from "@/server/onboarding/step-path";
import { loadSignedInStep, type StepSearchParams } from "../load-step";

export const dynamic = "force-dynamic";

/** The KYC step: sends the person to the part still to fill in, or says why there is none (a blocked profile). */
export default async function KycStep(props: { searchParams: StepSearchParams }) {
  const onboarding = await loadSignedInStep(props.searchParams, "kyc");
  if (!onboarding) return <ExpiredRequest />;
  const next = onboarding.kyc?.next;
  if (next) redirect(stepPath(onboarding.request.id, "kyc", next));
  if (onboarding.profile?.state !== "blocked") redirect(resumePath(onboarding.request.id));
  const reason = onboarding.profile?.stateReason;
  return (
    <OnboardingFrame
      applicationName={onboarding.request.applicationName}
      steps={onboarding.steps}
      email={onboarding.user.email}
    >
      <section className="card" role="alert">
        <h2>{onboardingCopy.kycBlocked.heading}</h2>
        <p>{onboardingCopy.kycBlocked.body}</p>
        {reason ? <p className="muted">{onboardingCopy.kycBlocked.reason(reason)}</p> : null}
      </section>
    </OnboardingFrame>
  );
}
