import { getConfig } from "../config.ts";
import { clientKey, inRanges, parseAddress, parseRange, type IpRange } from "../security/ip-address.ts";

/** The header's hops as the edge leaves it: whatever came in, then the socket's peer (`edge-server.ts`). */
const FORWARDED_FOR = "x-forwarded-for";

const parsed = new WeakMap<readonly string[], IpRange[]>();

function rangesOf(trustedProxies: readonly string[]): IpRange[] {
  let ranges = parsed.get(trustedProxies);
  if (!ranges) {
    ranges = trustedProxies.map((text) => parseRange(text)).filter((range) => range !== undefined);
    parsed.set(trustedProxies, ranges);
  }
  return ranges;
}

/**
 * The client a request came from, as the per-client limits count it (issue 11). The edge appends the socket's peer
 * to `X-Forwarded-For`, so the right-most hop is always the address that connected. Walking leftwards, each hop is
 * believed only while the hop right of it is a trusted proxy (`TOKENRAIL_TRUSTED_PROXIES`): the client is the
 * right-most hop that is not one. With no trusted proxies it is the socket's peer, whatever the client wrote.
 * An IPv6 client is counted by its /64 (`clientKey`).
 */
export function clientAddress(
  headers: Pick<Headers, "get">,
  trustedProxies: readonly string[] = getConfig().trustedProxies,
): string {
  const hops = (headers.get(FORWARDED_FOR) ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  const ranges = rangesOf(trustedProxies);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    const address = parseAddress(hop);
    // Not an address (a proxy's `unknown`): nothing to trust, and the best name there is for this client.
    if (!address) return hop.slice(0, 100);
    if (i === 0 || !inRanges(address, ranges)) return clientKey(address);
  }
  return "unknown";
}
