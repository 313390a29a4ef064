import { z } from "zod";
import { defineSettings } from "../settings/define-settings.ts";
import { MAX_URL } from "../limits.ts";

/** A mailbox with a display name, `Tokenrail <no-reply@example.com>`, or a bare address. */
const MAILBOX = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

/**
 * Mail delivery: the SMTP server mail is handed to, and who it comes from. Without a server, the sandbox keeps its
 * mail in the operator's outbox page (its mailbox); production refuses to start without one (C53).
 */
export const mailSettings = defineSettings({
  variables: {
    TOKENRAIL_SMTP_URL: z
      .string()
      .max(MAX_URL)
      .regex(/^smtps?:\/\/[^/]+/, "must be an smtp:// or smtps:// URL (smtp://user:password@host:587)")
      .optional(),
    TOKENRAIL_MAIL_FROM: z
      .string()
      .max(320)
      .regex(MAILBOX, 'must be a mailbox: "Name <address@example.com>" or an address')
      .optional(),
    TOKENRAIL_SMTP_TIMEOUT: z.coerce
      .number()
      .int()
      .min(1, "must be at least 1 second")
      .max(600, "must be at most 600 seconds")
      .default(30),
    TOKENRAIL_MAIL_POLL: z.coerce
      .number()
      .min(0.1, "must be at least 0.1 seconds")
      .max(3600, "must be at most 3600 seconds")
      .default(5),
  },
  read(e, { production, env }, problems) {
    if (production && !e.TOKENRAIL_SMTP_URL) {
      problems.push("TOKENRAIL_SMTP_URL: production delivers mail through an SMTP server (smtp://user:pass@host:587)");
    }
    if (production && !e.TOKENRAIL_MAIL_FROM) {
      problems.push('TOKENRAIL_MAIL_FROM: production needs the sender of its mail ("Name <no-reply@example.com>")');
    }
    const appHost = hostOf(env.TOKENRAIL_APP_URL) ?? "localhost";
    return {
      mail: {
        /** Where mail goes; undefined: the sandbox keeps it in its mailbox (the operator's outbox page). */
        smtpUrl: e.TOKENRAIL_SMTP_URL,
        from: e.TOKENRAIL_MAIL_FROM ?? `Tokenrail <no-reply@${appHost}>`,
        /** The host of `Message-ID`s: the app's. */
        messageIdHost: appHost,
        /**
         * How long the server may take: to accept the connection and to greet (each up to a third, at most 10 s),
         * and to answer any command (the whole).
         */
        timeoutMs: e.TOKENRAIL_SMTP_TIMEOUT * 1000,
        /** How often the worker looks for retries falling due; new mail wakes it at once. */
        pollMs: Math.round(e.TOKENRAIL_MAIL_POLL * 1000),
      },
    };
  },
});

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}
