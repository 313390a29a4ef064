import type { DbOrTx } from "../db/client.ts";
import type { KycModel, ProfileKind, ProfileState } from "../generated/prisma/enums.ts";
import { requiredSections, sameSection, type SectionStatus } from "./kyc-rules.ts";
import type { ProfileView } from "./profile.responses.ts";
import { publicProfileState } from "./public-state.ts";
import { openProfileName, openStateReason } from "./profile-name.ts";

export type { ProfileView };

export type LoadedProfile = {
  id: string;
  kind: ProfileKind;
  name: string;
  state: ProfileState;
  kycModel: KycModel;
  stateReason: string | null;
  sections: SectionStatus[];
};

/**
 * The profile with its sections' states. Its name and state reason (sealed at rest, C70) are opened when they are
 * read, once: a KYC submission loads the profile to check it, and again for its answer, which alone shows the name.
 */
export async function loadProfile(tx: DbOrTx, id: string): Promise<LoadedProfile | undefined> {
  const row = await tx.profile.findUnique({
    where: { id },
    select: {
      id: true,
      kind: true,
      name: true,
      state: true,
      kycModel: true,
      stateReason: true,
      submissions: { select: { section: true, kind: true, state: true } },
    },
  });
  if (!row) return undefined;
  let name: string | undefined;
  let stateReason: string | null | undefined;
  return {
    id: row.id,
    kind: row.kind,
    get name() {
      return (name ??= openProfileName(row.name));
    },
    state: row.state,
    kycModel: row.kycModel,
    get stateReason() {
      return stateReason === undefined ? (stateReason = openStateReason(row.stateReason)) : stateReason;
    },
    sections: row.submissions,
  };
}

/** The Profile resource (`profile.responses.ts`). Sections never submitted show as `incomplete`; required verifications are listed even before they arrive. */
export function profileView(profile: Omit<LoadedProfile, "stateReason">): ProfileView {
  const stateOf = (section: "details" | "form") =>
    profile.sections.find((s) => s.section === section)?.state ?? "incomplete";
  const verifications = profile.sections
    .filter((s) => s.section === "verification")
    .map((s) => ({ kind: s.kind, state: s.state }));
  for (const required of requiredSections(profile.kycModel, profile.kind)) {
    if (required.section === "verification" && !profile.sections.some((s) => sameSection(s, required))) {
      verifications.push({ kind: required.kind, state: "incomplete" });
    }
  }
  verifications.sort((a, b) => a.kind.localeCompare(b.kind));
  return {
    id: profile.id,
    kind: profile.kind,
    name: profile.name,
    state: publicProfileState(profile.state),
    details: { state: stateOf("details") },
    form: { state: stateOf("form") },
    verifications,
  };
}
