import { randomUUID } from "node:crypto";
import { serverClock, type Clock } from "../clock.ts";
import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { clientAuthLimiter } from "../security/failure-limiter.ts";
import { findClient } from "./find-client.ts";
import { secretMatches } from "./secrets.ts";
import { accessTokenKey, signAccessToken } from "./signed-access-token.ts";
import { ACCESS_TOKEN_TTL_SECONDS, type TokenResponse } from "./token.schemas.ts";

export const WRONG_GRANT_MESSAGE = "The client is not authorized to request a token using this method.";

/**
 * `grant_type=client_credentials`: a confidential client acting on its own application's profile. The token is
 * self-contained and signed (server/oauth/signed-access-token.ts): valid for `ACCESS_TOKEN_TTL_SECONDS` (C14), until
 * the secret is rotated, or until the client is gone. A database dump holds nothing of it (C15).
 */
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

  // Failures are counted after the check, not reserved before it as passwords are (limited-attempt.ts): a client
  // secret is 256 random bits, hopeless to guess at any rate, so a burst of simultaneous guesses all being checked
  // costs nothing, while reserving would refuse a partner's backend that asks for many tokens at once.
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

  // Signed, not stored: nothing to write, and the token works at once on every instance sharing the secret.
  const issuedAt = now.getTime();
  const accessToken = signAccessToken(
    {
      jti: randomUUID(),
      cid: client.id,
      iat: issuedAt,
      exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS * 1000,
      nbf: client.tokensNotBefore,
    },
    accessTokenKey(getConfig().secret),
  );
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    profile: client.profileId,
    userId: client.ownerId,
  };
}
