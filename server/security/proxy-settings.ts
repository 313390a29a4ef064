import { z } from "zod";
import { quote } from "../limits.ts";
import { defineSettings } from "../settings/define-settings.ts";
import { formatRange, parseRange, type IpRange } from "./ip-address.ts";

/**
 * The proxies whose `X-Forwarded-For` is believed (issue 11). None by default: the client is the socket's peer, and
 * what a client writes in the header counts for nothing. A load balancer in front (deploy/haproxy.cfg) is named here
 * by the addresses it connects from.
 */
export const proxySettings = defineSettings({
  variables: {
    TOKENRAIL_TRUSTED_PROXIES: z.string().max(10_000).optional(),
  },
  read(e, _context, problems) {
    const trustedProxies: IpRange[] = [];
    for (const item of (e.TOKENRAIL_TRUSTED_PROXIES ?? "").split(",").map((part) => part.trim())) {
      if (item === "") continue;
      const range = parseRange(item);
      if (range) trustedProxies.push(range);
      else problems.push(`TOKENRAIL_TRUSTED_PROXIES: ${quote(item)} is not an IP address or CIDR range`);
    }
    return {
      /** The ranges a trusted proxy connects from, as `10.0.0.0/8` or `2001:db8::1/128`. */
      trustedProxies: trustedProxies.map(formatRange),
    };
  },
});
