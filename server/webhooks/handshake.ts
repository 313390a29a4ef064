import type { z } from "zod";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";
import type { subscriptionCreatedSchema } from "./event.responses.ts";
import { sendWebhook } from "./send.ts";
import { newMessageId, webhookHeaders } from "./sign.ts";

/** How long the `subscription.created` handshake waits for the receiver. */
const HANDSHAKE_TIMEOUT_MS = 5_000;

/**
 * Delivers `subscription.created` (no `data`) to a receiver about to be subscribed, signed with its secret; anything
 * but a 2xx refuses the subscription (C22) with what the receiver did, so the integrator can fix it.
 */
export async function handshake(options: { url: string; key: Buffer; now: Date; config: Config }): Promise<void> {
  const payload: z.input<typeof subscriptionCreatedSchema> = {
    type: "subscription.created",
    timestamp: options.now.toISOString(),
  };
  const body = JSON.stringify(payload);
  const headers = webhookHeaders({ id: newMessageId(), timestamp: options.now, body, key: options.key });
  const result = await sendWebhook({
    url: options.url,
    headers,
    body,
    timeoutMs: Math.min(HANDSHAKE_TIMEOUT_MS, options.config.webhooks.timeoutMs),
    policy: { allowPrivate: options.config.webhooks.allowPrivateUrls },
  });
  if (result.status !== undefined && result.status >= 200 && result.status < 300) return;
  const what = result.status !== undefined ? `answered ${result.status}` : `could not be reached (${result.error})`;
  throw new AppError("VALIDATION", "The receiver did not accept the subscription.created event", {
    url: `${what}; a receiver must answer the subscription.created event with a 2xx`,
  });
}
