import type { Config } from "../config.ts";

/**
 * Where the demo integrator receives webhooks: a sandbox endpoint that answers every delivery with 204, so a
 * newcomer with no server of their own can subscribe and read every delivery, body and attempt in the developer
 * portal's log. It cannot verify signatures (the secret is the subscriber's, shown once to them). None in
 * production, and none where receivers on this instance's own network are refused.
 */
export function demoReceiverUrl(config: Config): string | undefined {
  if (config.environment !== "sandbox" || !config.webhooks.allowPrivateUrls) return undefined;
  return `${config.appUrl}/demo/webhooks`;
}
