import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { AUTH_CACHE_SECONDS, authCache, authEpoch, cacheable, callerTags } from "./auth-cache.ts";
import { hashSecret } from "./secrets.ts";

/**
 * The grant type of a person acting in Tokenrail's own onboarding screens (signed in to the web app, no token):
 * their own profiles, whichever application's onboarding they came through (`session-caller.ts`).
 */
export const PERSON_IN_APP = "web_session";

/** The grant type of an application acting on its own behalf (SPEC Authentication 4), not for a person. */
export const CLIENT_CREDENTIALS = "client_credentials";

/** Who is calling: the token, the client and application behind it, the user it acts for, its default profile. */
export type Caller = {
  tokenId: string;
  clientId: string;
  applicationId: string;
  /** The person the token acts for; for client credentials, the person who registered the application. */
  userId: string;
  profileId: string;
  grantType: string;
};

/** The spec's exact 401 body: `{"code":401,"status":"Unauthorized","message":"Not authenticated"}`. */
export function notAuthenticated(): AppError {
  return new AppError("UNAUTHENTICATED", "Not authenticated", undefined, { "www-authenticate": "Bearer" });
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)\s*$/i;

export async function authenticateBearer(header: string | null, clock: Clock = serverClock): Promise<Caller> {
  const token = BEARER.exec(header ?? "")?.[1];
  if (!token) throw notAuthenticated();
  const tokenHash = hashSecret(token);
  const now = clock().getTime();
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
  };
  const until = Math.min(row.expiresAt.getTime(), now + AUTH_CACHE_SECONDS * 1000);
  if (cacheable(epoch)) authCache().callers.set(tokenHash, caller, until, callerTags(caller));
  return caller;
}
