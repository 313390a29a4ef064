import type { ReactNode } from "react";
import { kyc as kycCopy } from "@/components/copy/kyc";
import type { Onboarding } from "@/server/onboarding/onboarding-state";
import type { KycPartStatus } from "@/server/onboarding/steps";
import { OnboardingFrame } from "../onboarding-frame";
import { KycPartList } from "./kyc-part-list";

/** Every KYC part's screen: the onboarding frame, the KYC parts, a word on a rejected or pending part, the form. */
export function KycScreen(props: {
  onboarding: Onboarding & { user: { email: string } };
  parts: KycPartStatus[];
  part: KycPartStatus;
  children: ReactNode;
}) {
  const { onboarding, part } = props;
  const notice =
    part.state === "rejected"
      ? kycCopy.rejectedNotice
      : part.state === "pending" && part.part !== "due-diligence"
        ? kycCopy.pendingNotice
        : undefined;
  return (
    <OnboardingFrame
      applicationName={onboarding.request.applicationName}
      steps={onboarding.steps}
      email={onboarding.user.email}
    >
      <KycPartList parts={props.parts} current={part.part} corporate={onboarding.profile?.kind === "corporate"} />
      {notice ? (
        <p className={part.state === "rejected" ? "notice notice-rejected" : "notice"} role="status">
          {notice}
        </p>
      ) : null}
      {props.children}
    </OnboardingFrame>
  );
}
