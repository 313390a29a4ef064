import { serverClock, type Clock } from "../clock.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { AUTH_CACHE_SECONDS, authCache, authEpoch, cacheable, callerTags } from "./auth-cache.ts";
import { findClient } from "./find-client.ts";
import { hashSecret } from "./secrets.ts";
import { accessTokenKey, isSignedAccessToken, verifyAccessToken } from "./signed-access-token.ts";
import { CLIENT_CREDENTIALS, type Caller } from "./caller.ts";

/** The spec's exact 401 body: `{"code":401,"status":"Unauthorized","message":"Not authenticated"}`. */
export function notAuthenticated(): AppError {
  return new AppError("UNAUTHENTICATED", "Not authenticated", undefined, { "www-authenticate": "Bearer" });
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i;

/**
 * The caller a bearer token stands for. A client-credentials token is signed (server/oauth/signed-access-token.ts):
 * checked without a database read once its client is cached. Tokens of the authorization-code flow are rows, kept
 * for `AUTH_CACHE_SECONDS` once read. Anything else, expired or revoked is the spec's 401.
 */
export async function authenticateBearer(header: string | null, clock: Clock = serverClock): Promise<Caller> {
  const token = BEARER.exec(header ?? "")?.[1];
  if (!token) throw notAuthenticated();
  const now = clock().getTime();
  if (isSignedAccessToken(token)) return clientCredentialsCaller(token, now);
  const tokenHash = hashSecret(token);
  const cached = authCache().callers.get(tokenHash, now);
  if (cached) return cached;
  const epoch = authEpoch();
  const prisma = await db();
  const row = await prisma.accessToken.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      clientId: true,
      userId: true,
      profileId: true,
      grantType: true,
      expiresAt: true,
      revokedAt: true,
      client: { select: { applicationId: true, application: { select: { ownerId: true } } } },
    },
  });
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now) throw notAuthenticated();
  const caller: Caller = {
    tokenId: row.id,
    clientId: row.clientId,
    applicationId: row.client.applicationId,
    userId: row.userId ?? row.client.application.ownerId,
    profileId: row.profileId,
    grantType: row.grantType,
    expiresAt: row.expiresAt.getTime(),
  };
  const until = Math.min(row.expiresAt.getTime(), now + AUTH_CACHE_SECONDS * 1000);
  if (cacheable(epoch)) authCache().callers.set(tokenHash, caller, until, callerTags(caller));
  return caller;
}

/**
 * A signed client-credentials token: its signature (before anything else), its expiry by the injectable clock (the
 * sandbox's offset expires it), then its client, which must still exist, be a client-credentials client, and not
 * have had its secret rotated since (`nbf`). The caller is built from the client as it is now.
 */
async function clientCredentialsCaller(token: string, now: number): Promise<Caller> {
  const claims = verifyAccessToken(token, accessTokenKey(getConfig().secret));
  if (!claims || claims.exp <= now) throw notAuthenticated();
  const client = await findClient(claims.cid);
  if (!client || client.kind !== "client_credentials" || client.tokensNotBefore !== claims.nbf) {
    throw notAuthenticated();
  }
  return {
    tokenId: claims.jti,
    clientId: client.id,
    applicationId: client.applicationId,
    userId: client.ownerId,
    profileId: client.profileId,
    grantType: CLIENT_CREDENTIALS,
    expiresAt: claims.exp,
  };
}
