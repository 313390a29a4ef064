import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { quote } from "../limits.ts";

/** Where subscribers may live: anywhere (sandbox, local development) or only on the public internet over https. */
export type UrlPolicy = { allowPrivate: boolean };

/*
 * Which addresses are public (C24, C43). ipaddr.js classifies an address into its IANA special-purpose range; only
 * `unicast`, the range of everything not special, is public. That covers loopback, private, link-local (and with it
 * the metadata address 169.254.169.254), carrier-grade NAT, unique-local (fd00:ec2::254), multicast, reserved,
 * documentation and benchmarking ranges in every spelling the parser takes.
 *
 * Some IPv6 ranges carry an IPv4 address inside, and a host or a NAT64 gateway may reach that IPv4 address when the
 * IPv6 one is used. Those in use are judged by the IPv4 address they carry: IPv4-mapped (`::ffff:a.b.c.d`,
 * `::ffff:7f00:1`), the SIIT form `::ffff:0:a.b.c.d`, NAT64's well-known prefix `64:ff9b::/96`, and 6to4
 * (`2002:AABB:CCDD::/48`). The rest are refused whatever they carry: IPv4-compatible (`::a.b.c.d`, `::7f00:1`,
 * deprecated since RFC 4291, and with it `::` and `::1`), NAT64's local-use prefix `64:ff9b:1::/48`, where the IPv4
 * address may sit at any of RFC 6052's positions, and Teredo (`2001::/32`), which hides its client address. No webhook
 * receiver needs any of them.
 */

/** IPv6 prefixes carrying an IPv4 address, and the byte at which the IPv4 address starts. */
const EMBEDDING: [ipaddr.IPv6, number, number][] = (
  [
    ["::ffff:0:0", 96, 12], // IPv4-mapped
    ["::ffff:0:0:0", 96, 12], // SIIT, RFC 6145
    ["64:ff9b::", 96, 12], // NAT64 well-known prefix, RFC 6052
    ["2002::", 16, 2], // 6to4, RFC 3056
  ] as const
).map(([net, bits, at]) => [ipaddr.IPv6.parse(net), bits, at]);

/** IPv6 prefixes refused outright. */
const REFUSED: [ipaddr.IPv6, number][] = (
  [
    ["::", 96], // IPv4-compatible, RFC 4291 §2.5.5.1 (deprecated)
    ["64:ff9b:1::", 48], // NAT64 local use, RFC 8215
    ["2001::", 32], // Teredo, RFC 4380
  ] as const
).map(([net, bits]) => [ipaddr.IPv6.parse(net), bits]);

function isPublic(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === "ipv4") return address.range() === "unicast";
  const v6 = address as ipaddr.IPv6;
  if (REFUSED.some((range) => v6.match(range))) return false;
  const embedding = EMBEDDING.find(([net, bits]) => v6.match(net, bits));
  if (embedding) {
    const at = embedding[2];
    return isPublic(ipaddr.fromByteArray(v6.toByteArray().slice(at, at + 4)));
  }
  return v6.range() === "unicast";
}

/** Whether an IP address is loopback, private, link-local, metadata, unique-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  // Only the standard spellings are addresses here (a URL's host and DNS answers come in those); anything else is not.
  if (isIP(address) === 0) return true;
  try {
    return !isPublic(ipaddr.parse(address));
  } catch {
    return true;
  }
}

export class UnsafeUrl extends Error {
  override name = "UnsafeUrl";
}

/**
 * Checks a subscriber URL (C24). Always: http(s), no credentials in it. Under the strict policy: https only, and
 * every address its host resolves to must be public. Returns the parsed URL.
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrl("is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new UnsafeUrl("must be an https URL");
  if (url.username || url.password) throw new UnsafeUrl("must not carry credentials");
  if (policy.allowPrivate) return url;
  if (url.protocol !== "https:") throw new UnsafeUrl("must be an https URL");
  await publicAddresses(url.hostname);
  return url;
}

/** The host's addresses, all of them public, or UnsafeUrl. */
export async function publicAddresses(hostname: string): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true }).catch(() => {
        throw new UnsafeUrl(`its host ${quote(host)} does not resolve`);
      });
  if (addresses.length === 0) throw new UnsafeUrl(`its host ${quote(host)} does not resolve`);
  const inside = addresses.find((a) => isPrivateAddress(a.address));
  if (inside) throw new UnsafeUrl(`its host resolves to ${inside.address}, which is not a public address`);
  return addresses;
}
