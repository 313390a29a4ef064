import type { KycModel, KycSection, ProfileKind, ProfileState, SectionState } from "../generated/prisma/enums.ts";

/**
 * The KYC transition table: what each submission and each operator decision does to a profile. The API guide
 * (docs/api.md) carries the same table; `kyc-rules.test.ts` walks it.
 *
 * Sections: `details`, `form`, and one per verification kind. Each is `incomplete` until submitted, then `pending`
 * until the operator approves or rejects it.
 *
 * | Event                          | Section                    | Refused with 409 when                                  |
 * |--------------------------------|----------------------------|--------------------------------------------------------|
 * | submit a section               | → pending (data replaced)  | the profile is blocked; that section is approved       |
 * | submit details of other kind   | → pending; kind changes,   | the profile is blocked; any section is approved        |
 * |                                |   other sections dropped   |                                                        |
 * | operator approves a section    | pending → approved         | (only pending sections can be decided)                 |
 * | operator rejects a section     | pending → rejected, reason | (only pending sections can be decided)                 |
 * | operator approves the profile  | every pending → approved   | a required section was never submitted                 |
 * | operator rejects the profile   | every pending → rejected   |                                                        |
 * | operator blocks / unblocks     | unchanged                  |                                                        |
 *
 * The profile's state follows from its sections (`deriveProfileState`): `blocked` while blocked; `created` before
 * any submission; `rejected` while any section is rejected (a rejected section may be resubmitted); `approved` once
 * every required section is approved; otherwise `pending`. Once approved, a profile's kind is frozen.
 */

export type SectionRef = { section: KycSection; kind: string };
export type SectionStatus = SectionRef & { state: SectionState };

/** Verification kinds the sharing model requires, per profile kind. */
const REQUIRED_VERIFICATIONS: Record<ProfileKind, string[]> = {
  personal: ["idDocument"],
  corporate: ["beneficialOwnership"],
};

/** The enhanced due diligence verification: optional in both models, the only one the reliance model takes. */
export const DUE_DILIGENCE = "enhancedDueDiligence";

/** What a complete submission is: sharing needs details, form and verifications; reliance needs details only. */
export function requiredSections(model: KycModel, kind: ProfileKind): SectionRef[] {
  const details: SectionRef = { section: "details", kind: "" };
  if (model === "reliance") return [details];
  return [
    details,
    { section: "form", kind: "" },
    ...REQUIRED_VERIFICATIONS[kind].map((k) => ({ section: "verification" as const, kind: k })),
  ];
}

/** Verification kinds a model accepts at all (undefined: any kind valid for the profile kind). */
export function acceptedVerificationKinds(model: KycModel): string[] | undefined {
  return model === "reliance" ? [DUE_DILIGENCE] : undefined;
}

export const sameSection = (a: SectionRef, b: SectionRef) => a.section === b.section && a.kind === b.kind;

export function deriveProfileState(options: {
  model: KycModel;
  kind: ProfileKind;
  blocked: boolean;
  sections: SectionStatus[];
}): ProfileState {
  const { model, kind, blocked, sections } = options;
  if (blocked) return "blocked";
  const submitted = sections.filter((s) => s.state !== "incomplete");
  if (submitted.length === 0) return "created";
  if (submitted.some((s) => s.state === "rejected")) return "rejected";
  const approved = requiredSections(model, kind).every((r) =>
    sections.some((s) => sameSection(s, r) && s.state === "approved"),
  );
  return approved ? "approved" : "pending";
}

/** Why a submission of `target` must be refused with 409, if it must. */
export function submissionConflict(options: {
  blocked: boolean;
  sections: SectionStatus[];
  target: SectionRef;
  changesKind: boolean;
}): string | undefined {
  const { blocked, sections, target, changesKind } = options;
  if (blocked) return "The profile is blocked; no submissions are accepted";
  if (changesKind && sections.some((s) => s.state === "approved")) {
    return "The profile's kind cannot change once any of its KYC is approved";
  }
  const current = sections.find((s) => sameSection(s, target));
  if (current?.state === "approved") {
    const what = target.section === "verification" ? `The ${target.kind} verification` : `The ${target.section}`;
    return `${what} is already approved`;
  }
  return undefined;
}
