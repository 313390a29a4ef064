import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns/promises";

/** Where subscribers may live: anywhere (sandbox, local development) or only on the public internet over https. */
export type UrlPolicy = { allowPrivate: boolean };

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local (fd00:ec2::254, a metadata address, is in here)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

// IPv4-mapped IPv6 (`::ffff:a.b.c.d`): the dotted form is judged as IPv4 below; a hex spelling is refused outright.
const mapped = new BlockList();
mapped.addSubnet("::ffff:0:0", 96, "ipv6");

/** Whether an IP address is loopback, private, link-local, metadata, unique-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted) return blocked.check(dotted[1]!, "ipv4");
  return mapped.check(address, "ipv6") || blocked.check(address, "ipv6");
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
        throw new UnsafeUrl(`its host ${host} does not resolve`);
      });
  if (addresses.length === 0) throw new UnsafeUrl(`its host ${host} does not resolve`);
  const inside = addresses.find((a) => isPrivateAddress(a.address));
  if (inside) throw new UnsafeUrl(`its host resolves to ${inside.address}, which is not a public address`);
  return addresses;
}
