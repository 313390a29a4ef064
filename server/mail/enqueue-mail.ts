import { randomUUID } from "node:crypto";
import { getConfig } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { announceMail } from "./mail-channel.ts";

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

/** What the layout renders of a message (stored with it, `OutboxMessage.content`). */
export type MailContent = Pick<MailMessage, "subject" | "paragraphs" | "action" | "code">;

/** The plain-text body: paragraphs, then the code or the link. */
export function mailText(message: MailContent): string {
  const parts = [...message.paragraphs];
  if (message.code) parts.push(message.code);
  if (message.action) parts.push(`${message.action.label}: ${message.action.url}`);
  return `${parts.join("\n\n")}\n`;
}

/**
 * Queues `message` for delivery with the caller's transaction, with the `Message-ID` every attempt will carry. With a
 * mail server configured the mail worker is told once the transaction commits; without one (the sandbox) the mail
 * is kept in the outbox, which the operator's console shows as the sandbox's mailbox.
 */
export async function enqueueMail(tx: DbOrTx, message: MailMessage): Promise<void> {
  const { mail } = getConfig();
  const content: MailContent = {
    subject: message.subject,
    paragraphs: message.paragraphs,
    ...(message.action ? { action: message.action } : {}),
    ...(message.code ? { code: message.code } : {}),
  };
  await tx.outboxMessage.create({
    data: {
      to: message.to.toLowerCase(),
      subject: message.subject,
      body: mailText(content),
      kind: message.kind,
      content,
      applicationId: message.applicationId ?? null,
      messageId: `<${randomUUID()}@${mail.messageIdHost}>`,
      status: mail.smtpUrl ? "queued" : "kept",
    },
  });
  if (mail.smtpUrl) await announceMail(tx);
}
