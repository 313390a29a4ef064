import { z } from "zod";
import { MAX_SECRET, tooLong } from "../limits.ts";

/** Event types a subscription may ask for (CONTRACT §2.2). `profile.error` is accepted; nothing emits it yet. */
export const WEBHOOK_EVENT_TYPES = [
  "iban.updated",
  "order.created",
  "order.updated",
  "profile.error",
  "profile.updated",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a subscription hears when it names no types. */
export const DEFAULT_WEBHOOK_TYPES: WebhookEventType[] = ["iban.updated", "profile.updated"];

const types = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPES, `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}`),
    "must be a list of event types",
  )
  .min(1, "name at least one event type")
  .transform((list) => [...new Set(list)].sort());

const url = z.string("URL missing").trim().min(1, "URL missing").max(2000, tooLong(2000));
const secret = z.string("Secret missing").min(1, "Secret missing").max(MAX_SECRET, tooLong(MAX_SECRET));

export const createWebhookSchema = z.object({ url, secret, types: types.optional() });
export type CreateWebhookRequest = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z.object({
  state: z.enum(["active", "inactive"], 'use "active" or "inactive"').optional(),
  types: types.optional(),
  url: url.optional(),
  secret: secret.optional(),
});
export type UpdateWebhookRequest = z.infer<typeof updateWebhookSchema>;

export const deliveriesQuery = z.object({
  state: z.enum(["pending", "delivered", "failed"], "use pending, delivered or failed").optional(),
  limit: z
    .string()
    .max(3, "must be a whole number from 1 to 100")
    .regex(/^\d{1,3}$/, "must be a whole number from 1 to 100")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, "must be a whole number from 1 to 100")
    .default(50),
});

/** The developer portal's "add endpoint" form: Tokenrail makes the secret, so only the URL and the event types. */
export const portalSubscriptionSchema = z.object({ url, types });
export type PortalSubscriptionForm = z.input<typeof portalSubscriptionSchema>;

/** The developer portal's "change event types" form. */
export const subscriptionTypesSchema = z.object({ types });
