import { AccountForm } from "@/components/onboarding/account-form";
import { ExpiredRequest, OnboardingFrame } from "@/components/onboarding/onboarding-frame";
import { SiweSignInEntry } from "@/components/onboarding/siwe-sign-in-entry";
import { account as accountCopy } from "@/components/copy/account";
import { getConfig } from "@/server/config";
import { resumePath } from "@/server/onboarding/step-path";
import { loadStep, type StepSearchParams } from "../load-step";

export const dynamic = "force-dynamic";

/** Step 1: create an account or sign in (email and password, or a wallet already linked to a profile). */
export default async function AccountStep(props: { searchParams: StepSearchParams }) {
  const onboarding = await loadStep(props.searchParams, "account");
  if (!onboarding) return <ExpiredRequest />;
  const next = resumePath(onboarding.request.id);
  return (
    <OnboardingFrame applicationName={onboarding.request.applicationName} steps={onboarding.steps}>
      {onboarding.unverifiedEmail ? (
        <p className="form-error" role="alert">
          {accountCopy.verify.unverified(onboarding.unverifiedEmail)}
        </p>
      ) : null}
      <AccountForm next={next} email={onboarding.request.email} initialMode={onboarding.request.authMode ?? "signup"} />
      <p className="muted">{accountCopy.walletPrompt}</p>
      <SiweSignInEntry next={next} appUrl={getConfig().appUrl} environment={getConfig().environment} />
    </OnboardingFrame>
  );
}
