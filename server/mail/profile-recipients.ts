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

/** The members' addresses (lower case) of each profile, opened from their sealed columns (one query for a batch). */
export async function memberEmails(
  tx: Pick<Prisma.TransactionClient, "$queryRaw">,
  profileIds: readonly string[],
): Promise<Map<string, string[]>> {
  const emails = new Map<string, string[]>();
  const wanted = [...new Set(profileIds)];
  if (wanted.length === 0) return emails;
  const members = await tx.$queryRaw<{ profileId: string; email: unknown }[]>`
    SELECT m."profileId"::text AS "profileId", u."email"
    FROM "ProfileMember" m JOIN "User" u ON u."id" = m."userId"
    WHERE m."profileId" IN (SELECT jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb)::uuid)`;
  for (const m of members) {
    const list = emails.get(m.profileId) ?? [];
    const email = openEmail(m.email).toLowerCase();
    if (!list.includes(email)) list.push(email);
    emails.set(m.profileId, list);
  }
  return emails;
}
