import type { ReactNode } from "react";
import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import type { Step } from "@/server/onboarding/steps";
import { StepList } from "./step-list";
import { LongValue } from "@/components/layout/long-value";

/** Every onboarding screen: who is asking, the stepper, who is signed in, then the step itself. */
export function OnboardingFrame(props: {
  applicationName: string;
  steps: Step[];
  email?: string;
  children: ReactNode;
}) {
  return (
    <main className="shell narrow onboarding">
      <p className="brand">{onboardingCopy.brand}</p>
      <h1>{onboardingCopy.title(props.applicationName)}</h1>
      <StepList steps={props.steps} />
      {props.email ? (
        <p className="muted">
          {onboardingCopy.signedInAs}{" "}
          <LongValue value={props.email} label={onboardingCopy.emailLabel} plain copy={false} />
        </p>
      ) : null}
      {props.children}
    </main>
  );
}

/** The answer to a request that is unknown, used or expired. */
export function ExpiredRequest() {
  return (
    <main className="shell narrow">
      <h1>{onboardingCopy.expired.title}</h1>
      <div className="card" role="alert">
        {onboardingCopy.expired.body}
      </div>
    </main>
  );
}
