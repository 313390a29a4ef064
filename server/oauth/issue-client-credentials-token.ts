import { db } from "../db/client.ts";
import { serverClock, type Clock } from "../clock.ts";
import { AppError } from "../http/errors.ts";
import { uuidOrUndefined } from "../ids.ts";
import { clientAuthLimiter } from "../security/failure-limiter.ts";
import { storeAccessToken } from "./access-token-writer.ts";
import { AUTH_CACHE_SECONDS, authCache, authEpoch, cacheClient, type CachedClient } from "./auth-cache.ts";
import { CLIENT_CREDENTIALS } from "./authenticate-bearer.ts";
import { hashSecret, randomSecret, secretMatches } from "./secrets.ts";
import { ACCESS_TOKEN_TTL_SECONDS, type TokenResponse } from "./token.schemas.ts";

export const WRONG_GRANT_MESSAGE = "The client is not authorized to request a token using this method.";

/** `grant_type=client_credentials`: a confidential client acting on its own application's profile. */
export async function issueClientCredentialsToken(options: {
  clientId: string | undefined;
  clientSecret: string | undefined;
  clock?: Clock;
}): Promise<TokenResponse> {
  const { clientId, clientSecret, clock = serverClock } = options;
  const missing: Record<string, string> = {};
  if (!clientId) missing.client_id = "client_id is required";
  if (!clientSecret) missing.client_secret = "client_secret is required";
  if (!clientId || !clientSecret) throw new AppError("VALIDATION", "Validation errors", missing);

  const limiter = clientAuthLimiter();
  const now = clock();
  const limitKey = `client:${clientId.toLowerCase()}`;
  const wait = limiter.retryAfterSeconds(limitKey, now.getTime());
  if (wait > 0) {
    throw new AppError("TOO_MANY_REQUESTS", "Too many failed attempts for this client; try again later", undefined, {
      "retry-after": String(wait),
    });
  }
  const failed = () => {
    limiter.recordFailure(limitKey, now.getTime());
    // One message for an unknown client and a wrong secret: the endpoint does not confirm which client ids exist.
    return new AppError("INVALID_CLIENT", "Client authentication failed");
  };

  const client = await findClient(clientId);
  if (!client) throw failed();
  if (client.kind !== "client_credentials") throw new AppError("UNAUTHORIZED_CLIENT", WRONG_GRANT_MESSAGE);
  if (!secretMatches(clientSecret, client.secretHash)) throw failed();
  limiter.reset(limitKey);

  const accessToken = randomSecret();
  // Answered only once the row is committed (grouped with concurrent requests' rows): the token works at once.
  await storeAccessToken({
    tokenHash: hashSecret(accessToken),
    clientId: client.id,
    profileId: client.profileId,
    grantType: CLIENT_CREDENTIALS,
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
  });
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    profile: client.profileId,
    userId: client.ownerId,
  };
}

/**
 * The client, from this process's cache or the database. Its secret is checked against the stored hash on every
 * request either way; the cache only saves the read, for `AUTH_CACHE_SECONDS`. Rotating the secret, or a change to
 * the application's owner or profile, evicts the entry here at once (`evictAuth`); other instances sharing the
 * database see the change within that bound, as with revoked tokens.
 */
async function findClient(clientId: string): Promise<CachedClient | undefined> {
  const id = uuidOrUndefined(clientId);
  if (!id) return undefined;
  // Wall-clock time, not the injectable clock: how long a read may be trusted is real time, whatever a test's offset.
  const now = Date.now();
  const cached = authCache().clients.get(id, now);
  if (cached) return cached;
  const epoch = authEpoch();
  const prisma = await db();
  const row = await prisma.oAuthClient.findUnique({
    where: { id },
    select: {
      id: true,
      kind: true,
      secretHash: true,
      applicationId: true,
      application: { select: { profileId: true, ownerId: true } },
    },
  });
  if (!row) return undefined;
  const client: CachedClient = {
    id: row.id,
    kind: row.kind,
    secretHash: row.secretHash,
    applicationId: row.applicationId,
    profileId: row.application.profileId,
    ownerId: row.application.ownerId,
  };
  cacheClient(client, epoch, now + AUTH_CACHE_SECONDS * 1000);
  return client;
}
