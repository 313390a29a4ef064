import { db } from "../db/client.ts";
import type { ProfileState } from "../generated/prisma/enums.ts";
import type { Perm } from "../oauth/accessible-profiles.ts";
import { CLIENT_CREDENTIALS, PERSON_IN_APP, type Caller } from "../oauth/caller.ts";

/**
 * The profile `addressKey` is linked to on `chain`, if the caller may act on it, with the caller's permissions: the
 * rules of `accessibleProfiles` (server/oauth/accessible-profiles.ts) applied to that one profile, in one query
 * whatever the number of profiles an application was granted. Client credentials: the application's own profile
 * and every profile that granted it access, read and write. A person's token: the person's profile, if granted to
 * the application, with the person's permissions. A person in Tokenrail's own screens: any profile of theirs.
 */
export async function signerProfile(
  caller: Caller,
  addressKey: string,
  chain: string,
): Promise<{ id: string; state: ProfileState; perms: Perm[] } | undefined> {
  const prisma = await db();
  const [row] = await prisma.$queryRaw<{ id: string; state: ProfileState; granted: boolean; perms: string[] | null }[]>`
    SELECT p."id"::text AS "id", p."state"::text AS "state",
      EXISTS (
        SELECT 1 FROM "ApplicationGrant" g
        WHERE g."profileId" = p."id" AND g."applicationId" = ${caller.applicationId}::uuid AND g."revokedAt" IS NULL
      ) AS "granted",
      (SELECT m."perms" FROM "ProfileMember" m WHERE m."profileId" = p."id" AND m."userId" = ${caller.userId}::uuid)
        AS "perms"
    FROM "Address" a JOIN "Profile" p ON p."id" = a."profileId"
    WHERE a."addressKey" = ${addressKey} AND a."chain" = ${chain}`;
  if (!row) return undefined;
  const memberPerms = row.perms?.filter((perm): perm is Perm => perm === "read" || perm === "write");
  const perms =
    caller.grantType === CLIENT_CREDENTIALS
      ? row.id === caller.profileId || row.granted
        ? (["read", "write"] as Perm[])
        : undefined
      : caller.grantType === PERSON_IN_APP || row.granted
        ? memberPerms
        : undefined;
  return perms && { id: row.id, state: row.state, perms };
}
