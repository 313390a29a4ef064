import { z } from "zod";
import { accessibleProfiles } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import type { ProfileKind, ProfileState } from "../generated/prisma/enums.ts";
import { MAX_ID, tooLong } from "../limits.ts";
import type { ProfileList } from "./profile.responses.ts";
import { publicProfileState } from "./public-state.ts";

/** The reference's later spelling `submitted` means our `pending`. */
const STATE_ALIASES: Record<string, ProfileState> = { submitted: "pending" };

export const listProfilesQuery = z.object({
  state: z
    .string()
    .max(MAX_ID, tooLong(MAX_ID))
    .transform((s) => STATE_ALIASES[s] ?? s)
    .pipe(z.enum(["created", "pending", "approved", "rejected", "blocked"], "Unknown profile state"))
    .optional(),
  kind: z.enum(["personal", "corporate"], "Unknown profile kind").optional(),
});

/** `GET /profiles` (SPEC endpoint 10): the profiles the caller may access, optionally filtered. */
export async function listProfiles(options: {
  caller: Caller;
  state?: ProfileState;
  kind?: ProfileKind;
}): Promise<ProfileList> {
  const { caller, state, kind } = options;
  // Filtered before the names are read: only the names of the profiles listed are opened (sealed at rest).
  const profiles = (await accessibleProfiles(caller))
    .map((p) => ({ profile: p, state: publicProfileState(p.state) }))
    .filter((p) => (state === undefined || p.state === state) && (kind === undefined || p.profile.kind === kind))
    .map(({ profile, state }) => ({
      id: profile.id,
      kind: profile.kind,
      name: profile.name,
      state,
      perms: profile.perms,
    }));
  return { profiles, total: profiles.length };
}
