import type { KycModel, ProfileKind, ProfileState, SectionState } from "../generated/prisma/enums.ts";
import { DUE_DILIGENCE, requiredSections, sameSection, type SectionStatus } from "../profiles/kyc-rules.ts";

/**
 * The onboarding steps between the integrator's redirect and the consent, in order, and which one the person is
 * on. Everything is derived from what is stored (the person, their profile's KYC sections, linked addresses, the
 * IBAN) and the request's skip flags, so a person who leaves and comes back resumes where they were, and a step
 * already satisfied is skipped.
 */
export type StepName = "account" | "profile" | "kyc" | "wallet" | "iban" | "consent";
export type StepStatus = "done" | "current" | "upcoming" | "skipped";
export type Step = { name: StepName; status: StepStatus };

/** The parts of the KYC step, each a screen: what the profile's KYC model asks for, in order. */
export type KycPart = "details" | "form" | "verifications" | "due-diligence";
export type KycPartStatus = { part: KycPart; state: SectionState; optional: boolean };

export type OnboardingFacts = {
  signedIn: boolean;
  skipKyc: boolean;
  skipCreateAccount: boolean;
  /** The profile this onboarding is for, once known (chosen, approved, or with KYC under way). */
  profile?: { kind: ProfileKind; state: ProfileState; kycModel: KycModel; sections: SectionStatus[] };
  /** Addresses linked to that profile. */
  linkedAddresses: number;
  /** Whether that profile has an IBAN with its number assigned. */
  ibanProvisioned: boolean;
};

export const STEP_ORDER: readonly StepName[] = ["account", "profile", "kyc", "wallet", "iban", "consent"];

/** The KYC parts for a profile, with the state of each (the worst of its sections for verifications). */
export function kycParts(profile: NonNullable<OnboardingFacts["profile"]>): KycPartStatus[] {
  const stateOf = (ref: { section: "details" | "form" | "verification"; kind: string }): SectionState =>
    profile.sections.find((s) => sameSection(s, ref))?.state ?? "incomplete";
  const required = requiredSections(profile.kycModel, profile.kind);
  const parts: KycPartStatus[] = [
    { part: "details", state: stateOf({ section: "details", kind: "" }), optional: false },
  ];
  if (profile.kycModel === "reliance") {
    parts.push({
      part: "due-diligence",
      state: stateOf({ section: "verification", kind: DUE_DILIGENCE }),
      optional: true,
    });
    return parts;
  }
  parts.push({ part: "form", state: stateOf({ section: "form", kind: "" }), optional: false });
  const verifications = required.filter((r) => r.section === "verification").map(stateOf);
  parts.push({ part: "verifications", state: worst(verifications), optional: false });
  return parts;
}

const SEVERITY: SectionState[] = ["rejected", "incomplete", "pending", "approved"];
function worst(states: SectionState[]): SectionState {
  return SEVERITY.find((s) => states.includes(s)) ?? "approved";
}

/** The first KYC part still to be filled in (a required one never submitted, or any rejected one). */
export function nextKycPart(parts: KycPartStatus[]): KycPart | undefined {
  return parts.find((p) => p.state === "rejected" || (!p.optional && p.state === "incomplete"))?.part;
}

export function onboardingSteps(facts: OnboardingFacts): Step[] {
  const { profile } = facts;
  const kycDone =
    profile !== undefined &&
    (profile.state === "approved" || (profile.state === "pending" && nextKycPart(kycParts(profile)) === undefined));
  const plan: { name: StepName; applies: boolean; done: boolean }[] = [
    { name: "account", applies: true, done: facts.signedIn },
    { name: "profile", applies: !facts.skipKyc, done: profile !== undefined },
    { name: "kyc", applies: !facts.skipKyc, done: kycDone },
    { name: "wallet", applies: !facts.skipCreateAccount, done: facts.linkedAddresses > 0 },
    // An IBAN needs an approved profile: while the review runs, the person may go on and get it later.
    {
      name: "iban",
      applies: !facts.skipCreateAccount,
      done: facts.ibanProvisioned,
    },
    { name: "consent", applies: true, done: false },
  ];
  let current = false;
  return plan.map(({ name, applies, done }) => {
    if (!applies) return { name, status: "skipped" };
    if (done) return { name, status: "done" };
    if (!current) {
      current = true;
      return { name, status: "current" };
    }
    return { name, status: "upcoming" };
  });
}

export function currentStep(steps: Step[]): StepName {
  return steps.find((s) => s.status === "current")?.name ?? "consent";
}

/**
 * Whether the person may be on `step` now: the current step, any step before it, and the steps after the IBAN
 * step while their IBAN waits for the profile's approval (the IBAN can be requested later).
 */
export function mayVisit(steps: Step[], step: StepName, options: { ibanWaitsForApproval: boolean }): boolean {
  const target = steps.find((s) => s.name === step);
  if (!target || target.status === "skipped") return false;
  if (target.status !== "upcoming") return true;
  const current = currentStep(steps);
  if (current !== "iban" || !options.ibanWaitsForApproval) return false;
  return STEP_ORDER.indexOf(step) > STEP_ORDER.indexOf("iban");
}
