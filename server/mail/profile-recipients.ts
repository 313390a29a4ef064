import type { Prisma } from "../generated/prisma/client.ts";
import { openEmail } from "../users/user-email.ts";

/**
 * Who is told about a profile: its members' addresses, and the application that brought it (the oldest grant that
 * stands), whose name and logo the mail carries.
 */
export async function profileRecipients(
  tx: Prisma.TransactionClient,
  profileId: string,
): Promise<{ emails: string[]; applicationId?: string }> {
  const [members, grant] = await Promise.all([
    tx.profileMember.findMany({ where: { profileId }, select: { user: { select: { email: true } } } }),
    tx.applicationGrant.findFirst({
      where: { profileId, revokedAt: null },
      orderBy: { createdAt: "asc" },
      select: { applicationId: true },
    }),
  ]);
  return {
    emails: [...new Set(members.map((m) => openEmail(m.user.email).toLowerCase()))],
    ...(grant ? { applicationId: grant.applicationId } : {}),
  };
}
