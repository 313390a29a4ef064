import { onboarding as onboardingCopy } from "@/components/copy/onboarding";
import type { Step } from "@/server/onboarding/steps";

const MARK: Record<Step["status"], string> = { done: "✓", current: "→", upcoming: "·", skipped: "–" };

/** Where the person is in the onboarding: every step, numbered, with its state spelled out for screen readers. */
export function StepList({ steps }: { steps: Step[] }) {
  const shown = steps.filter((s) => s.status !== "skipped");
  const at = shown.findIndex((s) => s.status === "current");
  return (
    <nav aria-label={onboardingCopy.stepsLabel}>
      {at >= 0 ? <p className="muted step-count">{onboardingCopy.stepOf(at + 1, shown.length)}</p> : null}
      <ol className="steps">
        {steps.map((step) => (
          <li
            key={step.name}
            className={`step step-${step.status}`}
            data-step={step.name}
            aria-current={step.status === "current" ? "step" : undefined}
          >
            <span className="step-mark" aria-hidden="true">
              {MARK[step.status]}
            </span>{" "}
            {onboardingCopy.steps[step.name]}
            <span className="visually-hidden"> ({onboardingCopy.stepStatus[step.status]})</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
