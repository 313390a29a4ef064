import { AppError } from "../errors.ts";
import { accessibleProfiles, type AccessibleProfile, type Perm } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";

/**
 * The profile a request acts on: the one it names, or the caller's default. A profile outside the caller's reach is
 * answered as if it did not exist (404); one the caller may read but not change is 403.
 */
export async function profileForCaller(
  caller: Caller,
  named: string | undefined,
  perm: Perm,
): Promise<AccessibleProfile> {
  const id = (named ?? caller.profileId).toLowerCase();
  const profile = (await accessibleProfiles(caller)).find((p) => p.id === id);
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
  if (!profile.perms.includes(perm)) throw new AppError("FORBIDDEN", `No ${perm} permission on this profile`);
  return profile;
}
