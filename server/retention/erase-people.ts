import type { Prisma } from "../generated/prisma/client.ts";
import { evictAuth } from "../oauth/auth-cache.ts";
import { openEmail } from "../users/user-email.ts";
import { whereMailToAny } from "../mail/mail-columns.ts";
import { whereResetEmailAny } from "../users/reset-request-email.ts";

/**
 * Removes the people of an erased profile (C71). Its memberships go; a person who is only this profile's customer
 * (no operator, no application of their own, no other profile still kept) is deleted with their sign-in data, their
 * mails waiting or sent (the audit log never held their address: `retention-actor.ts`); anyone else keeps the account they hold for other reasons.
 * Returns how many accounts were deleted and the addresses that were theirs.
 */
export async function erasePeople(
  tx: Prisma.TransactionClient,
  profileId: string,
): Promise<{ users: number; mails: number; emails: string[]; userIds: string[] }> {
  const members = await tx.profileMember.findMany({
    where: { profileId },
    select: {
      user: {
        select: {
          id: true,
          email: true,
          operator: { select: { userId: true } },
          applications: { select: { id: true }, take: 1 },
          memberships: { where: { profileId: { not: profileId }, profile: { erasedAt: null } }, take: 1 },
        },
      },
    },
  });
  const customers = members
    .map((m) => m.user)
    .filter((u) => !u.operator && u.applications.length === 0 && u.memberships.length === 0);
  await tx.profileMember.deleteMany({ where: { profileId } });
  const userIds = customers.map((u) => u.id);
  const emails = customers.map((u) => openEmail(u.email).toLowerCase());
  if (userIds.length === 0) return { users: 0, mails: 0, emails, userIds };
  // Tokens, grants, codes, verifications and second factors cascade with the account; links it made keep no name.
  await tx.user.deleteMany({ where: { id: { in: userIds } } });
  const mails = await tx.outboxMessage.deleteMany({ where: whereMailToAny(emails) });
  await tx.passwordResetRequest.deleteMany({ where: whereResetEmailAny(emails) });
  // Their tokens went with the accounts: no instance may go on serving them from its cache.
  await evictAuth([...userIds.map((id) => `user:${id}`), `profile:${profileId}`], tx);
  return { users: userIds.length, mails: mails.count, emails, userIds };
}
