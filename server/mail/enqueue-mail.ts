import type { DbOrTx } from "../db/client.ts";

/**
 * A mail to one person, written to the outbox in the caller's transaction (the outbox is the durable queue: the mail
 * leaves only if what it announces was committed). Every mail has the same shape, so one layout renders them all in
 * text and HTML: a few paragraphs, at most one action (a link as a button) or one code to type.
 */
export type MailMessage = {
  to: string;
  /** What the mail is, for the console and the logs: "password-setup", "password-reset", "email-verification", … */
  kind: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A short code the person types (e-mail verification); shown large. */
  code?: string;
  /** The integrator that brought the person, whose name (and logo) the mail carries. */
  applicationId?: string;
};

/** The plain-text body: paragraphs, then the code or the link. */
export function mailText(message: MailMessage): string {
  const parts = [...message.paragraphs];
  if (message.code) parts.push(message.code);
  if (message.action) parts.push(`${message.action.label}: ${message.action.url}`);
  return `${parts.join("\n\n")}\n`;
}

/** Queues `message` for delivery with the caller's transaction. */
export async function enqueueMail(tx: DbOrTx, message: MailMessage): Promise<void> {
  await tx.outboxMessage.create({
    data: { to: message.to.toLowerCase(), subject: message.subject, body: mailText(message) },
  });
}
