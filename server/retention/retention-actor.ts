import type { AuditActor } from "../audit/record-audit.ts";
import { AppError } from "../errors.ts";
import { CLIENT_CREDENTIALS, type Caller } from "../oauth/caller.ts";
import { profileForCaller } from "../profiles/profile-access.ts";
import { uuidOrUndefined } from "../ids.ts";

/** Who closes a profile or asks for its erasure: the person it belongs to, or an operator acting for them. */
export type RetentionActor = { owner: Caller } | { operator: AuditActor };

/**
 * The profile acted on and the actor the audit log names. An owner must be the person with write permission, not an
 * integrator's client-credentials token: ending a relationship and erasing data are the person's own decisions.
 */
export async function resolveActor(
  by: RetentionActor,
  profileId: string,
): Promise<{ profileId: string; actor: AuditActor; byOwner: boolean }> {
  if ("operator" in by) {
    const id = uuidOrUndefined(profileId);
    if (!id) throw new AppError("NOT_FOUND", "Profile not found");
    return { profileId: id, actor: by.operator, byOwner: false };
  }
  const profile = await profileForCaller(by.owner, profileId, "write");
  if (by.owner.grantType === CLIENT_CREDENTIALS) {
    throw new AppError("FORBIDDEN", "Only the person the profile belongs to can close it or ask for its erasure");
  }
  // The append-only audit log never holds the customer's address, which their erasure removes everywhere else.
  return { profileId: profile.id, actor: { userId: by.owner.userId, email: "customer" }, byOwner: true };
}

/** When the retention period of a profile closed at `closedAt` ends. */
export function retentionEnds(closedAt: Date, years: number): Date {
  const end = new Date(closedAt);
  end.setUTCFullYear(end.getUTCFullYear() + years);
  return end;
}
