/**
 * Registered redirect URIs (SPEC "Redirect URL rules", RFC 9700 §2.1): absolute, no fragment, HTTPS — except plain
 * HTTP on the loopback names `localhost` and `127.0.0.1`, where any port is allowed (native and development apps).
 * Matching at /auth and /auth/token is exact string comparison; nothing here normalises.
 */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "must be an absolute URL";
  }
  if (url.hash || uri.includes("#")) return "must not contain a fragment";
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1")) return undefined;
  return "must use https (plain http only on localhost or 127.0.0.1)";
}
