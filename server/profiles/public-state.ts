import type { ProfileState } from "../generated/prisma/enums.ts";

/** The profile states the spec names; the API shows nothing else. */
export type PublicProfileState = Exclude<ProfileState, "closed">;

/**
 * The state as the API shows it. The spec has no `closed`: a closed profile is served no more, which is what
 * `blocked` tells an integrator, so it shows as `blocked` (docs/security.md, "Retention, access and erasure").
 */
export function publicProfileState(state: ProfileState): PublicProfileState {
  return state === "closed" ? "blocked" : state;
}
