import type { Prisma } from "../generated/prisma/client.ts";
import { recordEvent } from "../events/record-event.ts";
import { deriveProfileState } from "./kyc-rules.ts";
import { loadProfile, profileView, type ProfileView } from "./profile-view.ts";
import { stateReasonData } from "./profile-name.ts";

/**
 * After sections changed inside `tx`: the profile's state follows from them (unless `blocked` says otherwise), and
 * a change of state is recorded as a `profile.updated` event in the same transaction.
 */
export async function settleProfileState(
  tx: Prisma.TransactionClient,
  options: { profileId: string; now: Date; blocked?: boolean; reason?: string | null },
): Promise<ProfileView> {
  const profile = await loadProfile(tx, options.profileId);
  if (!profile) throw new Error(`profile ${options.profileId} vanished inside its own transaction`);
  // Closing ends the relationship for good (C71): nothing the sections do opens it again.
  if (profile.state === "closed") return profileView(profile);
  const blocked = options.blocked ?? profile.state === "blocked";
  const state = deriveProfileState({
    model: profile.kycModel,
    kind: profile.kind,
    blocked,
    sections: profile.sections,
  });
  const view = profileView({ ...profile, state });
  if (state !== profile.state) {
    const reason = state === "rejected" || state === "blocked" ? (options.reason ?? profile.stateReason) : null;
    await tx.profile.update({ where: { id: profile.id }, data: { state, stateReason: stateReasonData(reason) } });
    await recordEvent(tx, { type: "profile.updated", profileId: profile.id, data: view, at: options.now });
  }
  return view;
}
