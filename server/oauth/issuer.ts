import type { Config } from "../config.ts";

/**
 * The authorization server's issuer identifier (RFC 8414 §2): the app's URL, where people sign in and consent. Its
 * metadata is at `/.well-known/oauth-authorization-server` there, and every authorization response carries it as
 * `iss` (RFC 9207), spelled exactly alike: strict clients compare the two as strings.
 */
export function issuerOf(config: Pick<Config, "appUrl">): string {
  return config.appUrl;
}

/** RFC 8414 authorization server metadata: what a client discovers before it sends anyone to `/auth`. */
export function authorizationServerMetadata(config: Pick<Config, "appUrl" | "baseUrl">) {
  return {
    issuer: issuerOf(config),
    authorization_endpoint: `${config.baseUrl}/auth`,
    token_endpoint: `${config.baseUrl}/auth/token`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
    // The code flow's client is public (PKCE); the client-credentials client sends its secret in the form or Basic.
    token_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
    code_challenge_methods_supported: ["S256"],
    service_documentation: `${config.appUrl}/docs`,
    authorization_response_iss_parameter_supported: true,
  };
}
