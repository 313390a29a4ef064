import type { Step } from "@/server/onboarding/steps";

const MARK: Record<Step["status"], string> = {
  done: "✓",
  current: "→",
  upcoming: "·",
  skipped: "–",
  later: "…",
};
const NOTE: Partial<Record<Step["status"], string>> = {
  skipped: "skipped",
  later: "the application completes this with you later",
};

/** Where the person is in the onboarding. */
export function StepList({ steps }: { steps: Step[] }) {
  return (
    <ol className="steps" aria-label="Onboarding steps">
      {steps.map((step) => (
        <li
          key={step.name}
          className={`step step-${step.status}`}
          aria-current={step.status === "current" ? "step" : undefined}
        >
          <span aria-hidden="true">{MARK[step.status]}</span> {step.label}
          {NOTE[step.status] ? <small> ({NOTE[step.status]})</small> : null}
        </li>
      ))}
    </ol>
  );
}
