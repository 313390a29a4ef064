/**
 * Registered redirect URIs (SPEC "Redirect URL rules", RFC 9700 §2.1): absolute, no fragment, HTTPS — except plain
 * HTTP on the loopback names `localhost` and `127.0.0.1`, where any port is allowed (native and development apps).
 * Matching at /auth is exact string comparison, except the port of a loopback URI (`redirectUriMatches`); the
 * code is bound to the URI presented there, which /auth/token must repeat exactly. Nothing here normalises.
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

const LOOPBACK = /^(http:\/\/(?:localhost|127\.0\.0\.1))(?::(\d{1,5}))?((?:[/?].*)?)$/;

/** A loopback HTTP URI split around its port, or undefined for any other URI. */
function aroundPort(uri: string): { before: string; after: string } | undefined {
  const match = LOOPBACK.exec(uri);
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535 || match[2]!.startsWith("0"))) return undefined;
  return { before: match[1]!, after: match[3]! };
}

/**
 * Whether a presented redirect URI is the registered one (RFC 9700 §2.1): byte for byte, except that a loopback
 * URI (native and development apps) may name any port, since such apps get whatever port is free.
 */
export function redirectUriMatches(registered: string, presented: string): boolean {
  if (registered === presented) return true;
  const r = aroundPort(registered);
  const p = aroundPort(presented);
  return r !== undefined && p !== undefined && r.before === p.before && r.after === p.after;
}
