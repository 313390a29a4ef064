import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Caller } from "../oauth/caller.ts";
import { profileForCaller } from "./profile-access.ts";
import { loadProfile, profileView, type ProfileView } from "./profile-view.ts";

/** `GET /profiles/{profile}` (SPEC endpoint 11): one profile the caller may read; any other is not found. */
export async function getProfile(options: { caller: Caller; profileId: string }): Promise<ProfileView> {
  const allowed = await profileForCaller(options.caller, options.profileId, "read");
  const profile = await loadProfile(await db(), allowed.id);
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
  return profileView(profile);
}
