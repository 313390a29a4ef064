import type { Clock } from "../clock.ts";
import { AppError } from "../errors.ts";
import type { BasicCredentials } from "./client-authentication.ts";
import { exchangeAuthorizationCode } from "./exchange-authorization-code.ts";
import { issueClientCredentialsToken } from "./issue-client-credentials-token.ts";
import { refreshAccessToken } from "./refresh-access-token.ts";
import type { TokenRequest, TokenResponse } from "./token.schemas.ts";
import { quote } from "../limits.ts";
import { findClient } from "./find-client.ts";
import { reviewRefusal } from "./review-refusal.ts";

/** The token endpoint (SPEC endpoint 6): dispatches on `grant_type`. */
export async function issueToken(options: {
  request: TokenRequest;
  basic?: BasicCredentials;
  clock?: Clock;
}): Promise<TokenResponse> {
  const { request, basic, clock } = options;
  const clientId = request.client_id ?? basic?.clientId;
  // An application an operator has not approved (production) gets no tokens, whatever the grant.
  const client = clientId ? await findClient(clientId) : undefined;
  if (client && client.review !== "approved") throw new AppError("UNAUTHORIZED_CLIENT", reviewRefusal(client.review));
  switch (request.grant_type) {
    case "client_credentials":
      return issueClientCredentialsToken({
        clientId: request.client_id ?? basic?.clientId,
        clientSecret: request.client_secret ?? basic?.clientSecret,
        clock,
      });
    case "authorization_code":
      return exchangeAuthorizationCode({
        clientId: request.client_id ?? basic?.clientId,
        code: request.code,
        codeVerifier: request.code_verifier,
        redirectUri: request.redirect_uri,
        clock,
      });
    case "refresh_token":
      return refreshAccessToken({
        clientId: request.client_id ?? basic?.clientId,
        refreshToken: request.refresh_token,
        clock,
      });
    default:
      throw new AppError("UNSUPPORTED_GRANT_TYPE", `grant_type ${quote(request.grant_type)} is not supported`);
  }
}
