import type { Clock } from "../clock.ts";
import { AppError } from "../http/errors.ts";
import type { BasicCredentials } from "./client-authentication.ts";
import { issueClientCredentialsToken } from "./issue-client-credentials-token.ts";
import type { TokenRequest, TokenResponse } from "./token.schemas.ts";

/** The token endpoint (SPEC endpoint 6): dispatches on `grant_type`. */
export async function issueToken(options: {
  request: TokenRequest;
  basic?: BasicCredentials;
  clock?: Clock;
}): Promise<TokenResponse> {
  const { request, basic, clock } = options;
  switch (request.grant_type) {
    case "client_credentials":
      return issueClientCredentialsToken({
        clientId: request.client_id ?? basic?.clientId,
        clientSecret: request.client_secret ?? basic?.clientSecret,
        clock,
      });
    default:
      throw new AppError("UNSUPPORTED_GRANT_TYPE", `grant_type ${request.grant_type} is not supported`);
  }
}
