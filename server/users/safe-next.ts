/** Percent-decoding rounds applied to look for a path that only turns hostile once something decodes it. */
const DECODE_ROUNDS = 3;

/** The same-origin path a browser would follow for `candidate`, or undefined when it would leave `origin`. */
function sameOriginPath(candidate: string, origin: string): string | undefined {
  let url: URL;
  try {
    // The browser's own parser (WHATWG URL): it drops tabs and newlines, reads `\` as `/`, resolves `.` and `..`.
    url = new URL(candidate, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil.example` parses to the path `//evil.example`, which a browser reads as another host when it is sent
  // back as a Location: only a path that means itself again is returned.
  return path.startsWith("//") ? undefined : path;
}

/**
 * Where to continue after signing in (C39): `next` as the browser would resolve it against `appUrl`, re-serialised,
 * if it stays on that origin; otherwise home. Every return path (the sign-in form's `next`, next-auth's
 * `callbackUrl` and `redirectTo`) goes through here. A path that is same-origin as written but leaves the origin
 * once percent-decoded (`/%2F%2Fevil.example`, `/%09/evil.example`) also goes home: some later step may decode it.
 */
export function safeNext(next: string | undefined, appUrl: string): string {
  if (!next) return "/";
  let origin: string;
  try {
    origin = new URL(appUrl).origin;
  } catch {
    return "/";
  }
  const path = sameOriginPath(next, origin);
  if (path === undefined) return "/";
  let decoded = next;
  for (let round = 0; round < DECODE_ROUNDS && decoded.includes("%"); round++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return "/";
    }
    if (sameOriginPath(decoded, origin) === undefined) return "/";
  }
  return path;
}
