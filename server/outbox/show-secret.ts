import type { Config } from "../config.ts";
import type { MailContent } from "../mail/enqueue-mail.ts";
import {
  carriesMark,
  fillSecret,
  openMailSecret,
  outboxShowsSecrets,
  REDACTED,
  SECRET_MARK,
} from "../mail/mail-secret.ts";

/**
 * A mail's secret as the outbox shows it: `none` (it has none), `shown` (the sandbox's mailbox, while it is kept),
 * `redacted` (production, while it is kept for delivery), `erased` (delivery ended; it can no longer be sent again).
 */
export type SecretShown = "none" | "shown" | "redacted" | "erased";

type Shown = { subject: string; body: string; html: string | null; content: MailContent };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The one place the outbox turns a stored mail into what an operator sees: the secret's mark becomes the secret in the
 * sandbox, which keeps showing links and codes (that is its mailbox's point), and `[redacted]` everywhere else.
 */
export function showSecret<T extends Shown>(
  config: Pick<Config, "environment" | "secret">,
  row: { secretSealed: string | null; messageId: string },
  entry: T,
): T & { secret: SecretShown } {
  if (!carriesMark(entry.content) && !entry.body.includes(SECRET_MARK)) return { ...entry, secret: "none" };
  const value =
    outboxShowsSecrets(config) && row.secretSealed !== null
      ? openMailSecret(row.secretSealed, row.messageId, config.secret)
      : undefined;
  const secret: SecretShown =
    value !== undefined ? "shown" : row.secretSealed !== null && !outboxShowsSecrets(config) ? "redacted" : "erased";
  const text = value ?? REDACTED;
  return {
    ...entry,
    subject: entry.subject.replaceAll(SECRET_MARK, text),
    body: entry.body.replaceAll(SECRET_MARK, text),
    html: entry.html === null ? null : entry.html.replaceAll(SECRET_MARK, escapeHtml(text)),
    content: fillSecret(entry.content, text),
    secret,
  };
}
