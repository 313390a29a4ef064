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

/** `redirectUri` with `code`/`error` parameters and the client's `state`, keeping any query it already has. */
export function redirectWith(
  redirectUri: string,
  params: Record<string, string | undefined>,
  state: string | undefined,
): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries({ ...params, state })) {
    if (value !== undefined) url.searchParams.append(key, value);
  }
  return url.toString();
}

export function errorRedirect(options: {
  redirectUri: string;
  state: string | undefined;
  error: AuthorizationErrorCode;
  description: string;
  errorUri: string;
}): AuthorizationOutcome {
  return {
    kind: "redirect",
    status: 302,
    location: redirectWith(
      options.redirectUri,
      { error: options.error, error_description: options.description, error_uri: options.errorUri },
      options.state,
    ),
  };
}
