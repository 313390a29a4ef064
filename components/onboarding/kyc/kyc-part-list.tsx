import { kyc as kycCopy } from "@/components/copy/kyc";
import type { KycPart, KycPartStatus } from "@/server/onboarding/steps";

/** The parts of the KYC step, the one on screen marked, each with its state (a rejected one asks for a correction). */
export function KycPartList(props: { parts: KycPartStatus[]; current: KycPart; corporate: boolean }) {
  const text = kycCopy;
  return (
    <nav aria-label={text.partsLabel}>
      <ol className="kyc-parts">
        {props.parts.map(({ part, state, optional }) => (
          <li
            key={part}
            className={`kyc-part kyc-part-${state}`}
            data-part={part}
            data-state={state}
            aria-current={part === props.current ? "step" : undefined}
          >
            <span>{part === "details" && props.corporate ? text.corporateDetailsPart : text.parts[part]}</span>
            <small>
              {text.partState[state]}
              {optional ? ` · ${text.optional}` : ""}
            </small>
          </li>
        ))}
      </ol>
    </nav>
  );
}
