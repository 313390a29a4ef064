import { z } from "zod";
import { defineSettings } from "../settings/define-settings.ts";

/** Webhook delivery: where subscribers may be, how long an attempt may take, how often the worker looks. */
export const webhookSettings = defineSettings({
  variables: {
    TOKENRAIL_WEBHOOK_PRIVATE_URLS: z.enum(["allow", "refuse"], 'use "allow" or "refuse"').optional(),
    TOKENRAIL_WEBHOOK_TIMEOUT: z.coerce
      .number()
      .int()
      .min(1, "must be at least 1 second")
      .max(60, "must be at most 60 seconds")
      .default(15),
    TOKENRAIL_WEBHOOK_POLL: z.coerce
      .number()
      .min(0.1, "must be at least 0.1 seconds")
      .max(3600, "must be at most 3600 seconds")
      .default(2),
  },
  read(e, { production }, problems) {
    if (production && e.TOKENRAIL_WEBHOOK_PRIVATE_URLS === "allow") {
      problems.push("TOKENRAIL_WEBHOOK_PRIVATE_URLS: production delivers webhooks to public https addresses only");
    }
    return {
      webhooks: {
        /** Subscribers may be plain http and on loopback or private networks (sandbox, local development). */
        allowPrivateUrls: (e.TOKENRAIL_WEBHOOK_PRIVATE_URLS ?? (production ? "refuse" : "allow")) === "allow",
        /** How long one delivery attempt may take. */
        timeoutMs: e.TOKENRAIL_WEBHOOK_TIMEOUT * 1000,
        /**
         * How often the worker looks for work it was not woken for (a lost notification, a retry falling due); new
         * events and resends wake it at once.
         */
        pollMs: Math.round(e.TOKENRAIL_WEBHOOK_POLL * 1000),
      },
    };
  },
});
