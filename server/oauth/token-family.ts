import { db, type DbOrTx } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { evictAuth } from "./auth-cache.ts";
import { hashSecret, randomSecret } from "./secrets.ts";
import { ACCESS_TOKEN_TTL_SECONDS, type GrantOutcome, type TokenResponse } from "./token.schemas.ts";

/**
 * Tokens issued for a person through the authorization-code flow form a family: the code's id names it. Refreshing
 * rotates within the family; replaying a used code or refresh token revokes all of it (RFC 9700 §4.14.2).
 */
export async function issueFamilyTokens(
  tx: DbOrTx,
  options: { familyId: string; clientId: string; userId: string; profileId: string; now: Date },
): Promise<TokenResponse> {
  const accessToken = randomSecret();
  const refreshToken = randomSecret();
  const { familyId, clientId, userId, profileId, now } = options;
  await tx.accessToken.create({
    data: {
      tokenHash: hashSecret(accessToken),
      clientId,
      userId,
      profileId,
      familyId,
      grantType: "authorization_code",
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    },
  });
  await tx.refreshToken.create({
    data: { tokenHash: hashSecret(refreshToken), familyId, clientId, userId, profileId },
  });
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    profile: profileId,
    userId,
  };
}

/** Revokes every access and refresh token of a family, here and (within the cache bound) everywhere. */
export async function revokeFamily(tx: DbOrTx, familyId: string, now: Date): Promise<void> {
  const tokens = await tx.accessToken.findMany({ where: { familyId, revokedAt: null }, select: { id: true } });
  await tx.accessToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  await tx.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: now } });
  // Announced in the transaction: every instance (this one too) evicts when the revocation commits.
  await evictAuth(
    tokens.map((t) => `token:${t.id}`),
    tx,
  );
}

/**
 * Ends a grant after its transaction: the tokens, or an `invalid_grant`. A replay first revokes the family in a
 * transaction of its own, which must commit although the request fails.
 */
export async function settleGrant(outcome: GrantOutcome, now: Date, replayMessage: string): Promise<TokenResponse> {
  if (outcome.kind === "ok") return outcome.tokens;
  if (outcome.kind === "replayed") {
    const prisma = await db();
    await prisma.$transaction((tx) => revokeFamily(tx, outcome.familyId, now));
    throw new AppError("INVALID_GRANT", replayMessage);
  }
  throw new AppError("INVALID_GRANT", outcome.message);
}
