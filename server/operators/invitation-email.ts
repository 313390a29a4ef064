import type { Prisma } from "../generated/prisma/client.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";

/*
 * The address an operator invitation is mailed to is sealed at rest (C70; server/keys/sealed-value.ts): written through
 * `sealInvitationEmail`, read through `invitationEmail` (an invitation written before sealing began reads as it is).
 * An invitation is found by its link's hash only, never by its address, so the address has no blind index.
 */
export const INVITATION_EMAIL = "OperatorInvitation.email";

/** The invited address as the database keeps it. */
export function sealInvitationEmail(email: string): Prisma.InputJsonValue {
  return sealAtRest(email, INVITATION_EMAIL);
}

/** The invited address, opened. */
export function invitationEmail(invitation: { email: unknown }): string {
  return openValue<string>(invitation.email, INVITATION_EMAIL);
}
