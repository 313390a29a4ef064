import { randomUUID } from "node:crypto";
import { getConfig } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { announceMail } from "./mail-channel.ts";
import { carriesMark, sealMailSecret, SECRET_MARK } from "./mail-secret.ts";
import { mailRecipient, sealedMail } from "./mail-columns.ts";

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
  /** A short code the person types (e-mail verification); shown large. Always a secret: `SECRET_MARK` here. */
  code?: string;
  /**
   * The value in the mail that grants access (a link's token, a code): written as `SECRET_MARK` where it goes (in
   * `action.url`, or as `code`) and given here. It is stored sealed, apart from the content, until delivery ends.
   */
  secret?: string;
  /** The integrator that brought the person, whose name (and logo) the mail carries. */
  applicationId?: string;
};

/** What the layout renders of a message (stored with it, `OutboxMessage.content`, with the secret's mark). */
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
  const { mail, secret: instanceSecret } = getConfig();
  const content: MailContent = {
    subject: message.subject,
    paragraphs: message.paragraphs,
    ...(message.action ? { action: message.action } : {}),
    ...(message.code ? { code: message.code } : {}),
  };
  checkSecretMarked(message, content);
  const messageId = `<${randomUUID()}@${mail.messageIdHost}>`;
  await tx.outboxMessage.create({
    data: {
      ...mailRecipient(message.to),
      subject: message.subject,
      ...sealedMail(mailText(content), content),
      kind: message.kind,
      secretSealed: message.secret ? sealMailSecret(message.secret, messageId, instanceSecret) : null,
      applicationId: message.applicationId ?? null,
      messageId,
      status: mail.smtpUrl ? "queued" : "kept",
    },
  });
  if (mail.smtpUrl) await announceMail(tx);
}

/**
 * A mail's secret never reaches its stored text: a code is always the mark, a secret given is marked where it goes
 * and appears nowhere in clear, and a mark has its secret. A composition that breaks this is a programming error.
 */
function checkSecretMarked(message: MailMessage, content: MailContent): void {
  const marked = carriesMark(content);
  const problem =
    message.code !== undefined && message.code !== SECRET_MARK
      ? "a mail's code must be the secret's mark, its value given as `secret`"
      : message.secret !== undefined && !marked
        ? "a mail's secret must be marked where it goes"
        : message.secret === undefined && marked
          ? "a mail with the secret's mark needs its `secret`"
          : message.secret !== undefined && JSON.stringify(content).includes(message.secret)
            ? "a mail's secret must not appear in its content"
            : undefined;
  if (problem) throw new Error(`${problem} (${message.kind})`);
}
