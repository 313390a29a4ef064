/** A path on this site to continue to after signing in; anything else (another site, `//host`) goes home. */
export function safeNext(next: string | undefined): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.includes("\\") ? next : "/";
}
