import { createHmac, randomUUID } from "node:crypto";

/** A message id for the `webhook-id` header: a UUID, as the reference service sends (CONTRACT §7). */
export function newMessageId(): string {
  return randomUUID();
}

/**
 * The Standard Webhooks headers for one attempt: `webhook-signature` is `v1,` and the base64 HMAC-SHA256, keyed by the
 * secret's decoded bytes, of `<id>.<timestamp>.<body>` over the exact body sent.
 */
export function webhookHeaders(options: {
  id: string;
  timestamp: Date;
  body: string;
  key: Buffer;
}): Record<string, string> {
  const seconds = Math.floor(options.timestamp.getTime() / 1000).toString();
  const signature = createHmac("sha256", options.key)
    .update(`${options.id}.${seconds}.${options.body}`)
    .digest("base64");
  return {
    "content-type": "application/json",
    "webhook-id": options.id,
    "webhook-timestamp": seconds,
    "webhook-signature": `v1,${signature}`,
  };
}
