import type { DbOrTx } from "../db/client.ts";
import { evictAuth } from "../oauth/auth-cache.ts";

/**
 * Ends everything a person is signed in with, in `tx`: web sessions (their credential version moves on, and
 * `auth()` refuses cookies carrying an older one), and every access and refresh token applications hold for them.
 */
export async function revokeSignIns(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { credentialVersion: { increment: 1 } } });
  await tx.accessToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
  // Announced in the transaction: every instance drops what it cached about the person's tokens when it commits.
  await evictAuth([`user:${userId}`], tx);
}
