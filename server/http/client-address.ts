/**
 * The address of the client a request came from, for per-client limits: the last hop of `X-Forwarded-For` (the one
 * the nearest proxy, or Next.js itself from the socket, wrote; earlier hops are the client's own say), else
 * `unknown`. Behind no proxy, a client that sends its own header chooses its key; the per-address limits still hold.
 */
export function clientAddress(headers: Pick<Headers, "get">): string {
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return (hops[hops.length - 1] ?? "unknown").slice(0, 100);
}
