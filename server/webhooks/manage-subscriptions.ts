import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { WebhookSubscription } from "../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import { created } from "../contract/reply.ts";
import type { Caller } from "../oauth/caller.ts";
import { handshake } from "./handshake.ts";
import { parseWebhookSecret, sealSecret, unsealSecret } from "./secret.ts";
import { checkWebhookUrl, UnsafeUrl } from "./url-guard.ts";
import {
  DEFAULT_WEBHOOK_TYPES,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  type WebhookEventType,
} from "./webhook.schemas.ts";
import type { WebhookSubscriptionView } from "./webhook.responses.ts";

export function subscriptionView(row: WebhookSubscription): WebhookSubscriptionView {
  // The types were checked against the list when they were set.
  return { id: row.id, url: row.url, types: row.types as WebhookEventType[], state: row.state };
}

async function checkedUrl(url: string, config: Config): Promise<string> {
  try {
    return (await checkWebhookUrl(url, { allowPrivate: config.webhooks.allowPrivateUrls })).toString();
  } catch (error) {
    if (error instanceof UnsafeUrl) throw new AppError("VALIDATION", "Validation errors", { url: error.message });
    throw error;
  }
}

function checkedKey(secret: string): Buffer {
  const key = parseWebhookSecret(secret);
  if (!key) {
    throw new AppError("VALIDATION", "Validation errors", {
      secret: "must be whsec_ followed by the base64 of 24 to 64 random bytes",
    });
  }
  return key;
}

/**
 * `POST /webhooks` (SPEC endpoint 25, CONTRACT §4.23): the receiver gets `subscription.created` first and must
 * answer 2xx, or nothing is saved (C22). The secret is the subscriber's; it is sealed and never shown again.
 */
export async function createSubscription(options: {
  caller: Caller;
  request: CreateWebhookRequest;
  config: Config;
  clock?: Clock;
}) {
  const { caller, request, config, clock = serverClock } = options;
  const url = await checkedUrl(request.url, config);
  const key = checkedKey(request.secret);
  await handshake({ url, key, now: clock(), config });
  const prisma = await db();
  const row = await prisma.webhookSubscription.create({
    data: {
      applicationId: caller.applicationId,
      url,
      secretSealed: sealSecret(request.secret, config.secret),
      types: request.types ?? DEFAULT_WEBHOOK_TYPES,
    },
  });
  return created(subscriptionView(row));
}

/** `GET /webhooks`: the calling application's subscriptions, oldest first. */
export async function listSubscriptions(options: {
  caller: Caller;
}): Promise<{ subscriptions: WebhookSubscriptionView[] }> {
  const prisma = await db();
  const rows = await prisma.webhookSubscription.findMany({
    where: { applicationId: options.caller.applicationId },
    orderBy: { createdAt: "asc" },
  });
  return { subscriptions: rows.map(subscriptionView) };
}

export async function ownSubscription(caller: Caller, id: string): Promise<WebhookSubscription> {
  const prisma = await db();
  const row = /^[0-9a-f-]{36}$/i.test(id)
    ? await prisma.webhookSubscription.findFirst({
        where: { id: id.toLowerCase(), applicationId: caller.applicationId },
      })
    : null;
  if (!row) throw new AppError("NOT_FOUND", "Subscription not found");
  return row;
}

/**
 * `PATCH /webhooks/{id}` (also PUT): state, types, URL or secret. A new URL or secret, or switching it back on, is
 * verified with `subscription.created` first, as at creation.
 */
export async function updateSubscription(options: {
  caller: Caller;
  id: string;
  request: UpdateWebhookRequest;
  config: Config;
  clock?: Clock;
}): Promise<WebhookSubscriptionView> {
  const { caller, request, config, clock = serverClock } = options;
  const current = await ownSubscription(caller, options.id);
  const url = request.url === undefined ? current.url : await checkedUrl(request.url, config);
  const key = request.secret === undefined ? undefined : checkedKey(request.secret);
  const reactivated = request.state === "active" && current.state === "inactive";
  if (url !== current.url || key || reactivated) {
    const signingKey = key ?? checkedKey(unsealSecret(current.secretSealed, config.secret));
    await handshake({ url, key: signingKey, now: clock(), config });
  }
  const prisma = await db();
  const row = await prisma.webhookSubscription.update({
    where: { id: current.id },
    data: {
      url,
      ...(request.secret !== undefined ? { secretSealed: sealSecret(request.secret, config.secret) } : {}),
      ...(request.types !== undefined ? { types: request.types } : {}),
      ...(request.state !== undefined ? { state: request.state } : {}),
    },
  });
  return subscriptionView(row);
}

/** `DELETE /webhooks/{id}`: the spec's "remove"; its deliveries and their log go with it. */
export async function deleteSubscription(options: { caller: Caller; id: string }): Promise<WebhookSubscriptionView> {
  const current = await ownSubscription(options.caller, options.id);
  const prisma = await db();
  await prisma.webhookSubscription.delete({ where: { id: current.id } });
  return subscriptionView(current);
}
