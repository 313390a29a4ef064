import type { DbOrTx } from "../db/client.ts";
import { evictAuth } from "../oauth/auth-cache.ts";
import { whereRequestEmail } from "../oauth/request-email.ts";
import { openEmail } from "./user-email.ts";

/**
 * Ends everything a person is signed in with, in `tx` — the one place a password reset and a disabled operator
 * revoke through (C55): web sessions (their credential version moves on, and `auth()` refuses cookies carrying an
 * older one), every access and refresh token applications hold for them, every authorization code issued to them and
 * not yet exchanged, and every authorization request still open for one of their profiles or their address. Codes
 * and requests end as expired now (their exchange and consent check the time in the writing statement, so one under
 * way when this commits fails too); a request not tied to them yet needs a sign-in, which the old sessions no
 * longer are.
 */
export async function revokeSignIns(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  // The person's row first: it is locked until commit, which orders this against a consent issuing a code for them.
  const { email } = await tx.user.update({
    where: { id: userId },
    data: { credentialVersion: { increment: 1 } },
    select: { email: true },
  });
  await tx.accessToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  await tx.authorizationCode.updateMany({
    where: { userId, consumedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  await tx.authorizationRequest.updateMany({
    where: {
      completedAt: null,
      expiresAt: { gt: now },
      OR: [
        ...(await whereRequestEmail(tx, openEmail(email), now)),
        { profileId: { in: await profilesOf(tx, userId) } },
      ],
    },
    data: { expiresAt: now },
  });
  // Announced in the transaction: every instance drops what it cached about the person's tokens when it commits.
  await evictAuth([`user:${userId}`], tx);
}

async function profilesOf(tx: DbOrTx, userId: string): Promise<string[]> {
  const memberships = await tx.profileMember.findMany({ where: { userId }, select: { profileId: true } });
  return memberships.map((m) => m.profileId);
}
