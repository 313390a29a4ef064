import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** An IP address, IPv4-mapped IPv6 (`::ffff:192.0.2.1`, as a dual-stack socket reports IPv4 peers) as its IPv4. */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;
/** A CIDR range: an address and the number of leading bits that must match. */
export type IpRange = [IpAddress, number];

/**
 * `text` as an address, or undefined. Strict spelling only (dotted-quad IPv4, RFC 4291 IPv6, optionally in brackets
 * and with a port, as some proxies write a hop): `2130706433` or `0x7f.1` is nobody's address here.
 */
export function parseAddress(text: string): IpAddress | undefined {
  let candidate = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(candidate);
  if (bracketed) candidate = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(candidate)) candidate = candidate.slice(0, candidate.lastIndexOf(":"));
  if (isIP(candidate.split("%")[0]!) === 0) return undefined;
  try {
    return ipaddr.process(candidate);
  } catch {
    return undefined;
  }
}

/** `text` as a range: `10.0.0.0/8`, `2001:db8::/32`, or one address (a range of one). Undefined when it is neither. */
export function parseRange(text: string): IpRange | undefined {
  const slash = text.indexOf("/");
  const address = parseAddress(slash < 0 ? text : text.slice(0, slash));
  if (!address) return undefined;
  const width = address.kind() === "ipv4" ? 32 : 128;
  if (slash < 0) return [address, width];
  const bits = text.slice(slash + 1).trim();
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > width) return undefined;
  return [address, Number(bits)];
}

export function inRanges(address: IpAddress, ranges: readonly IpRange[]): boolean {
  return ranges.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits));
}

/** A range in its one spelling (`10.0.0.0/8`, `2001:db8::/32`), for the configuration and its messages. */
export function formatRange([network, bits]: IpRange): string {
  return `${network.toString()}/${bits}`;
}

/**
 * What a per-client limit counts an address as: an IPv4 address itself; an IPv6 address by its /64, since one host
 * is usually given a whole /64 and can take a new address in it for every request.
 */
export function clientKey(address: IpAddress): string {
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
