import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import type { Config } from "../config.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { SECRET_MARK } from "../mail/mail-secret.ts";
import { hashSecret, randomSecret } from "../oauth/secrets.ts";
import { validate } from "../validate.ts";
import { sealInvitationEmail } from "./invitation-email.ts";
import { inviteOperatorSchema, type InviteOperator } from "./operators.schemas.ts";

/** An operator invitation stays valid for two days. */
export const INVITATION_HOURS = 48;

export type Invitation = { id: string; email: string; roles: string[]; link: string; expiresAt: Date };

/**
 * Invites someone to operate this instance with the given roles: a single-use link (only its hash is stored), mailed
 * to the address in the caller's transaction and returned too (the command line prints it for the first operator).
 * Following it, the person sets a password (or signs in, when the address has an account), enrols a second factor
 * and receives the roles (C57). An invitation by an operator is audit-logged; the first one, from the command line,
 * has nobody to log and is recorded when it is accepted.
 */
export async function inviteOperator(
  tx: Prisma.TransactionClient,
  options: { email: string; roles: InviteOperator["roles"]; invitedBy?: AuditActor; config: Config; now: Date },
): Promise<Invitation> {
  const { email, roles } = validate(inviteOperatorSchema, { email: options.email, roles: options.roles });
  const token = randomSecret();
  const expiresAt = new Date(options.now.getTime() + INVITATION_HOURS * 3_600_000);
  const invitation = await tx.operatorInvitation.create({
    data: {
      tokenHash: hashSecret(token),
      email: sealInvitationEmail(email),
      roles,
      invitedById: options.invitedBy?.userId ?? null,
      expiresAt,
    },
    select: { id: true },
  });
  const link = `${options.config.appUrl}/operator-invitation?token=${token}`;
  await enqueueMail(tx, {
    to: email,
    kind: "operator-invitation",
    subject: "You are invited to operate Tokenrail",
    paragraphs: [
      `You are invited to operate this Tokenrail instance (${roles.join(", ")}).`,
      `Accept with the link below. It works once, for ${INVITATION_HOURS} hours. You will set a password if you ` +
        "have none yet and enrol a second factor: a passkey or an authenticator app.",
    ],
    action: {
      label: "Accept the invitation",
      url: `${options.config.appUrl}/operator-invitation?token=${SECRET_MARK}`,
    },
    secret: token,
  });
  if (options.invitedBy) {
    await recordAudit(tx, {
      actor: options.invitedBy,
      action: "operator.invite",
      subject: { type: "operator-invitation", id: invitation.id },
      after: { email, roles, expiresAt: expiresAt.toISOString() },
      at: options.now,
    });
  }
  return { id: invitation.id, email, roles, link, expiresAt };
}
