import type { Config } from "../config.ts";
import { issuerOf } from "./issuer.ts";

/**
 * What a browser-facing OAuth step answers: a redirect, or a page of ours when redirecting would be unsafe.
 * server/http/browser.ts turns these into responses.
 */
export type AuthorizationOutcome =
  | { kind: "redirect"; status: 302 | 307; location: string }
  | { kind: "error-page"; status: number; title: string; message: string };

/** RFC 6749 §4.1.2.1 error codes the authorization endpoint redirects with. */
export type AuthorizationErrorCode =
  | "invalid_request"
  | "unauthorized_client"
  | "access_denied"
  | "unsupported_response_type"
  | "invalid_scope"
  | "server_error"
  | "temporarily_unavailable";

/**
 * `redirectUri` with `code`/`error` parameters, the client's `state` and `iss`, keeping any query it already has.
 * Every authorization response, success or error, names its issuer exactly as the metadata does (RFC 9207): a client
 * talking to several authorization servers can tell whose answer it holds (RFC 9700 §4.4, mix-up).
 */
export function redirectWith(
  redirectUri: string,
  params: Record<string, string | undefined>,
  state: string | undefined,
  config: Pick<Config, "appUrl">,
): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries({ ...params, state, iss: issuerOf(config) })) {
    if (value !== undefined) url.searchParams.append(key, value);
  }
  return url.toString();
}

export function errorRedirect(options: {
  redirectUri: string;
  state: string | undefined;
  error: AuthorizationErrorCode;
  description: string;
  config: Pick<Config, "appUrl">;
}): AuthorizationOutcome {
  const { config } = options;
  return {
    kind: "redirect",
    status: 302,
    location: redirectWith(
      options.redirectUri,
      { error: options.error, error_description: options.description, error_uri: `${config.appUrl}/docs#oauth-errors` },
      options.state,
      config,
    ),
  };
}
