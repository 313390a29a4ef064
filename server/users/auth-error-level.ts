/**
 * Session-library errors a client causes on purpose or by accident: a forged, garbled or expired session cookie
 * (`JWTSessionError`, `SessionTokenError`), a missing or wrong CSRF token, an unknown `/web-auth` action, a callback
 * URL that does not parse, a refused sign-in. Anyone can produce them at will, so they are not errors of this server:
 * they are logged in one line without a stack, and cannot fill the error log.
 */
const CLIENT_CAUSED: ReadonlyMap<string, "info" | "warn"> = new Map([
  ["CredentialsSignin", "info"],
  ["AccessDenied", "info"],
  ["Verification", "info"],
  ["JWTSessionError", "warn"],
  ["SessionTokenError", "warn"],
  ["MissingCSRF", "warn"],
  ["InvalidCheck", "warn"],
  ["InvalidCallbackUrl", "warn"],
  ["UnknownAction", "warn"],
]);

/** The level at which to log an error the session library reports; anything not known to be the client's is "error". */
export function authErrorLevel(error: { name: string; type?: unknown }): "info" | "warn" | "error" {
  const type = typeof error.type === "string" ? error.type : error.name;
  return CLIENT_CAUSED.get(type) ?? CLIENT_CAUSED.get(error.name) ?? "error";
}
