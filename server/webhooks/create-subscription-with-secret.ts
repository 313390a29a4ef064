import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Caller } from "../oauth/caller.ts";
import { createSubscription } from "./manage-subscriptions.ts";
import { newWebhookSecret } from "./secret.ts";
import type { WebhookSubscriptionView } from "./webhook.responses.ts";
import type { WebhookEventType } from "./webhook.schemas.ts";

/**
 * The developer portal's "add endpoint": Tokenrail makes the `whsec_` secret itself (a person should not have to
 * invent random bytes), then subscribes exactly as `POST /webhooks` does, handshake first (C22). The secret is
 * returned this once; only its sealed form is kept.
 */
export async function createSubscriptionWithSecret(options: {
  caller: Caller;
  url: string;
  types: WebhookEventType[];
  config: Config;
  clock?: Clock;
}): Promise<{ subscription: WebhookSubscriptionView; secret: string }> {
  const secret = newWebhookSecret();
  const created = await createSubscription({
    caller: options.caller,
    request: { url: options.url, secret, types: options.types },
    config: options.config,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // createSubscription answers 201 with the subscription's view.
  return { subscription: created.body as WebhookSubscriptionView, secret };
}
