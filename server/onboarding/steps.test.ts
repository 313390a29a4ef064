import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { SectionStatus } from "../profiles/kyc-rules.ts";
import {
  currentStep,
  kycParts,
  mayVisit,
  nextKycPart,
  onboardingSteps,
  type OnboardingFacts,
  type StepName,
} from "./steps.ts";

const section = (section: SectionStatus["section"], state: SectionStatus["state"], kind = ""): SectionStatus => ({
  section,
  kind,
  state,
});

const base: OnboardingFacts = {
  signedIn: false,
  skipKyc: false,
  skipCreateAccount: false,
  linkedAddresses: 0,
  ibanProvisioned: false,
};
type Profile = NonNullable<OnboardingFacts["profile"]>;
const personal = (state: Profile["state"], sections: SectionStatus[]): Profile => ({
  kind: "personal",
  kycModel: "sharing",
  state,
  sections,
});

const statuses = (facts: OnboardingFacts) =>
  Object.fromEntries(onboardingSteps(facts).map((s) => [s.name, s.status])) as Record<StepName, string>;

describe("onboarding steps", () => {
  it("a person who is not signed in starts with the account; everything else is to do", () => {
    assert.deepEqual(statuses(base), {
      account: "current",
      profile: "upcoming",
      kyc: "upcoming",
      wallet: "upcoming",
      iban: "upcoming",
      consent: "upcoming",
    });
  });

  it("signed in without a chosen profile: the profile step", () => {
    assert.equal(currentStep(onboardingSteps({ ...base, signedIn: true })), "profile");
  });

  it("KYC is done once every required part is submitted, before the review", () => {
    const submitted = personal("pending", [
      section("details", "pending"),
      section("form", "pending"),
      section("verification", "pending", "idDocument"),
    ]);
    assert.equal(currentStep(onboardingSteps({ ...base, signedIn: true, profile: submitted })), "wallet");
    const partial = personal("pending", [section("details", "pending")]);
    assert.equal(currentStep(onboardingSteps({ ...base, signedIn: true, profile: partial })), "kyc");
  });

  it("a rejected part sends the person back to it, even after the rest was approved", () => {
    const profile = personal("rejected", [
      section("details", "approved"),
      section("form", "rejected"),
      section("verification", "approved", "idDocument"),
    ]);
    assert.equal(currentStep(onboardingSteps({ ...base, signedIn: true, profile })), "kyc");
    assert.equal(nextKycPart(kycParts(profile)), "form");
  });

  it("skip_kyc and skip_create_account leave only the account and the consent", () => {
    const steps = onboardingSteps({ ...base, signedIn: true, skipKyc: true, skipCreateAccount: true });
    assert.deepEqual(
      steps.map((s) => `${s.name}:${s.status}`),
      ["account:done", "profile:skipped", "kyc:skipped", "wallet:skipped", "iban:skipped", "consent:current"],
    );
  });

  it("an approved profile with a linked wallet and an IBAN goes straight to the consent", () => {
    const profile = personal("approved", [section("details", "approved")]);
    const facts = { ...base, signedIn: true, profile, linkedAddresses: 1, ibanProvisioned: true };
    assert.equal(currentStep(onboardingSteps(facts)), "consent");
  });

  it("the reliance model asks for details only; due diligence is optional unless rejected", () => {
    const profile: Profile = { kind: "corporate", kycModel: "reliance", state: "pending", sections: [] };
    assert.deepEqual(
      kycParts(profile).map((p) => [p.part, p.optional]),
      [
        ["details", false],
        ["due-diligence", true],
      ],
    );
    assert.equal(nextKycPart(kycParts(profile)), "details");
    const detailsIn = { ...profile, sections: [section("details", "pending")] };
    assert.equal(nextKycPart(kycParts(detailsIn)), undefined);
    const rejected = {
      ...profile,
      sections: [section("details", "approved"), section("verification", "rejected", "enhancedDueDiligence")],
    };
    assert.equal(nextKycPart(kycParts(rejected)), "due-diligence");
  });

  it("the sharing model's corporate verification is beneficial ownership", () => {
    const profile: Profile = {
      kind: "corporate",
      kycModel: "sharing",
      state: "pending",
      sections: [
        section("details", "pending"),
        section("form", "pending"),
        section("verification", "pending", "idDocument"),
      ],
    };
    assert.equal(nextKycPart(kycParts(profile)), "verifications");
  });

  it("steps ahead are closed, except those after the IBAN while it waits for the review", () => {
    const profile = personal("pending", [
      section("details", "pending"),
      section("form", "pending"),
      section("verification", "pending", "idDocument"),
    ]);
    const steps = onboardingSteps({ ...base, signedIn: true, profile, linkedAddresses: 1 });
    assert.equal(currentStep(steps), "iban");
    assert.equal(mayVisit(steps, "consent", { ibanWaitsForApproval: false }), false);
    assert.equal(mayVisit(steps, "consent", { ibanWaitsForApproval: true }), true);
    assert.equal(mayVisit(steps, "kyc", { ibanWaitsForApproval: false }), true);
    const early = onboardingSteps({ ...base, signedIn: true });
    assert.equal(mayVisit(early, "wallet", { ibanWaitsForApproval: true }), false);
    const skipped = onboardingSteps({ ...base, signedIn: true, skipKyc: true });
    assert.equal(mayVisit(skipped, "kyc", { ibanWaitsForApproval: false }), false);
  });
});
