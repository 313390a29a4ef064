import { db } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import type { ProfileState } from "../generated/prisma/enums.ts";
import { CLIENT_CREDENTIALS, PERSON_IN_APP, type Caller } from "./caller.ts";
import { openProfileName } from "../profiles/profile-name.ts";

export type Perm = "read" | "write";
export type AccessibleProfile = {
  id: string;
  kind: "personal" | "corporate";
  name: string;
  state: ProfileState;
  perms: Perm[];
};

const PROFILE = { id: true, kind: true, name: true, state: true } as const;
const isPerm = (value: string): value is Perm => value === "read" || value === "write";

type ProfileRow = { id: string; kind: AccessibleProfile["kind"]; name: unknown; state: ProfileState };

/**
 * A profile of the list with its name (sealed at rest, C70) opened only when it is read, once: most callers look for
 * one profile's id and permissions, and an application's list may hold thousands of profiles, whose names would each
 * cost a data key's unwrapping and a decryption on every request that checks access.
 */
function accessible(row: ProfileRow, perms: Perm[]): AccessibleProfile {
  let name: string | undefined;
  return {
    id: row.id,
    kind: row.kind,
    get name() {
      return (name ??= openProfileName(row.name));
    },
    state: row.state,
    perms,
  };
}

/**
 * The profiles a caller may act on (SPEC "Caller identity"). An application with client credentials: its own
 * profile and every profile that granted it access. A person's token: the profiles of that person the application
 * was granted, with the person's permissions. Endpoints taking `profile` check against this list; a profile
 * outside it is answered as if it did not exist. A person in Tokenrail's own screens: all of their profiles. Each
 * profile's name is opened when it is read (`accessible`), not for the list.
 */
export async function accessibleProfiles(caller: Caller): Promise<AccessibleProfile[]> {
  const prisma = await db();
  if (caller.grantType === PERSON_IN_APP) {
    const rows = await prisma.profileMember.findMany({
      where: { userId: caller.userId },
      select: { perms: true, profile: { select: PROFILE } },
      orderBy: { createdAt: "asc" },
    });
    return rows.map((m) => accessible(m.profile, m.perms.filter(isPerm)));
  }
  const granted = { grants: { some: { applicationId: caller.applicationId, revokedAt: null } } };
  if (caller.grantType === CLIENT_CREDENTIALS) {
    const rows = await prisma.profile.findMany({
      where: { OR: [{ id: caller.profileId }, granted] },
      select: PROFILE,
      orderBy: { createdAt: "asc" },
    });
    return rows.map((p) => accessible(p, ["read", "write"]));
  }
  const rows = await prisma.profileMember.findMany({
    where: { userId: caller.userId, profile: granted },
    select: { perms: true, profile: { select: PROFILE } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((m) => accessible(m.profile, m.perms.filter(isPerm)));
}

/**
 * The rules of `accessibleProfiles` for writing, as an SQL condition on one profile id (a column of the caller's
 * query, or a value): the check runs inside that query, however many profiles an application was granted.
 */
export function writableBySql(caller: Caller, profileId: Prisma.Sql): Prisma.Sql {
  const member = Prisma.sql`EXISTS (
    SELECT 1 FROM "ProfileMember" m
    WHERE m."profileId" = ${profileId} AND m."userId" = ${caller.userId}::uuid AND 'write' = ANY (m."perms"))`;
  const granted = Prisma.sql`EXISTS (
    SELECT 1 FROM "ApplicationGrant" g
    WHERE g."profileId" = ${profileId} AND g."applicationId" = ${caller.applicationId}::uuid AND g."revokedAt" IS NULL)`;
  if (caller.grantType === PERSON_IN_APP) return member;
  if (caller.grantType === CLIENT_CREDENTIALS) {
    return Prisma.sql`(${profileId} = ${caller.profileId}::uuid OR ${granted})`;
  }
  return Prisma.sql`(${member} AND ${granted})`;
}

/** Whether the caller may write the profile (`writableBySql` for one id). */
export async function mayWriteProfile(caller: Caller, profileId: string): Promise<boolean> {
  const prisma = await db();
  const [row] = await prisma.$queryRaw<{ ok: boolean }[]>`
    SELECT ${writableBySql(caller, Prisma.sql`${profileId}::uuid`)} AS "ok"`;
  return row?.ok === true;
}
