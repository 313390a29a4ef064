import { randomUUID } from "node:crypto";
import { serverClock, type Clock } from "../clock.ts";
import { getConfig } from "../config.ts";
import { AppError } from "../errors.ts";
import { clientAuthLimiter, type AttemptOutcome } from "../security/failure-limiter.ts";
import { attemptWithinLimit } from "../security/limited-attempt.ts";
import type { CachedClient } from "./auth-cache.ts";
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

  const now = clock();
  const client = await attemptWithinLimit({
    limiter: clientAuthLimiter(),
    key: `client:${clientId.toLowerCase()}`,
    now: now.getTime(),
    refusal: () => "Too many failed attempts for this client; try again later",
    check: async (): Promise<{ outcome: AttemptOutcome; value: CachedClient | "wrong-grant" | undefined }> => {
      const found = await findClient(clientId);
      // Not a client that authenticates with a secret: nothing was checked, so nothing counts.
      if (found && found.kind !== "client_credentials") return { outcome: "uncounted", value: "wrong-grant" };
      if (!found || !secretMatches(clientSecret, found.secretHash)) return { outcome: "failure", value: undefined };
      return { outcome: "success", value: found };
    },
  });
  if (client === "wrong-grant") throw new AppError("UNAUTHORIZED_CLIENT", WRONG_GRANT_MESSAGE);
  // One message for an unknown client and a wrong secret: the endpoint does not confirm which client ids exist.
  if (!client) throw new AppError("INVALID_CLIENT", "Client authentication failed");

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
