import { recordAudit } from "../audit/record-audit.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { invitationEmail } from "./invitation-email.ts";
import { validate } from "../validate.ts";
import { hashPassword } from "../users/password.ts";
import { BOOTSTRAP_LINK_VOID, refuseOnceAdministered } from "./bootstrap-operator.ts";
import { grantOperator } from "./grant-operator.ts";
import { adminExists } from "./last-admin.ts";
import { OPERATOR_ROLES } from "./operator-roles.ts";
import { acceptInvitationSchema } from "./operators.schemas.ts";
import { userEmailData, userNameData, whereUserEmail } from "../users/user-email.ts";

export const INVITATION_UNUSABLE =
  "This invitation link has expired, was already used or is not valid. Ask an administrator for a new one.";

export type InvitationView =
  { usable: true; email: string; roles: string[]; hasAccount: boolean } | { usable: false; message: string };

async function usableInvitation(token: string, now: Date) {
  if (!token || token.length > 512) return undefined;
  const prisma = await db();
  const invitation = await prisma.operatorInvitation.findUnique({ where: { tokenHash: hashSecret(token) } });
  if (!invitation || invitation.usedAt || invitation.expiresAt.getTime() <= now.getTime()) return undefined;
  // The address is kept sealed (./invitation-email.ts): everything after reads it opened.
  return { ...invitation, email: invitationEmail(invitation) };
}

/** What an invitation link offers: for whom, which roles, and whether that address already has a password. */
export async function readInvitation(token: string, now: Date): Promise<InvitationView> {
  const invitation = await usableInvitation(token, now);
  if (!invitation) return { usable: false, message: INVITATION_UNUSABLE };
  const prisma = await db();
  if (invitation.invitedById === null && (await adminExists(prisma))) {
    return { usable: false, message: BOOTSTRAP_LINK_VOID };
  }
  const user = await prisma.user.findFirst({ where: whereUserEmail(invitation.email), select: { passwordHash: true } });
  return { usable: true, email: invitation.email, roles: invitation.roles, hasAccount: Boolean(user?.passwordHash) };
}

/**
 * Spends an invitation (once): the invited address gets the invitation's roles. An address with a password must be
 * signed in as itself (`signedInUserId`) to accept; otherwise the person names themselves and chooses a password
 * here. Audit-logged as the new operator. What follows is enrolling a second factor (C57).
 */
export async function acceptInvitation(
  input: { token: string; name?: string; password?: string; signedInUserId?: string },
  now: Date,
): Promise<{ userId: string; email: string; roles: string[] }> {
  const { token, name, password } = validate(acceptInvitationSchema, {
    token: input.token,
    name: input.name,
    password: input.password,
  });
  const invitation = await usableInvitation(token, now);
  if (!invitation) throw new AppError("BAD_REQUEST", INVITATION_UNUSABLE);
  const prisma = await db();
  const existing = await prisma.user.findFirst({
    where: whereUserEmail(invitation.email),
    select: { id: true, passwordHash: true, roles: true },
  });
  let passwordHash: string | undefined;
  if (existing?.passwordHash) {
    if (input.signedInUserId !== existing.id) {
      throw new AppError("FORBIDDEN", `Sign in as ${invitation.email} to accept this invitation`);
    }
  } else {
    const fields: Record<string, string> = {};
    if (!name) fields.name = "Enter your name";
    if (!password) fields.password = "Choose a password";
    if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", "Validation errors", fields);
    passwordHash = await hashPassword(password!);
  }
  return prisma.$transaction(async (tx) => {
    // A bootstrap link (from the command line, no inviting admin) is void once the instance has an administrator:
    // checked here, under the operators' lock, so of two accepted at once only the first makes one (C57).
    if (invitation.invitedById === null) await refuseOnceAdministered(tx, BOOTSTRAP_LINK_VOID);
    const { count } = await tx.operatorInvitation.updateMany({
      where: { id: invitation.id, usedAt: null },
      data: { usedAt: now },
    });
    if (count !== 1) throw new AppError("BAD_REQUEST", INVITATION_UNUSABLE);
    // The link proved the address (C56); the roles live on the operator (C58), the spec's `User.roles` in step.
    const user = existing
      ? await tx.user.update({
          where: { id: existing.id },
          data: { emailVerifiedAt: now, ...(passwordHash ? { passwordHash, name: userNameData(name ?? "") } : {}) },
          select: { id: true },
        })
      : await tx.user.create({
          data: {
            ...userEmailData(invitation.email),
            name: userNameData(name ?? ""),
            passwordHash: passwordHash ?? null,
            emailVerifiedAt: now,
          },
          select: { id: true },
        });
    const before = await tx.operator.findUnique({ where: { userId: user.id }, select: { roles: true } });
    await grantOperator(tx, {
      userId: user.id,
      roles: OPERATOR_ROLES.filter((role) => invitation.roles.includes(role)),
    });
    const roles: string[] = (await tx.operator.findUniqueOrThrow({ where: { userId: user.id } })).roles;
    await recordAudit(tx, {
      actor: { userId: user.id },
      action: "operator.invitation.accept",
      subject: { type: "operator-invitation", id: invitation.id },
      before: { roles: before?.roles ?? [] },
      after: { email: invitation.email, roles, invitedById: invitation.invitedById },
      at: now,
    });
    return { userId: user.id, email: invitation.email, roles };
  });
}
