import type { Prisma } from "../generated/prisma/client.ts";
import { blindIndex } from "../keys/blind-index.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";

/*
 * A mail's text, content and HTML name the person and what happened to their money, so the outbox keeps them sealed
 * at rest (C70; server/keys/sealed-value.ts), each for its own column, and so is the recipient's address, found by its
 * blind index (`whereMailTo`). The subject, a fixed phrase per kind of mail, stays readable.
 */
export const MAIL_TO = "OutboxMessage.to";
export const MAIL_BODY = "OutboxMessage.body";
export const MAIL_CONTENT = "OutboxMessage.content";
export const MAIL_HTML = "OutboxMessage.html";

/** The sealed columns of a mail being queued. */
export function sealedMail(
  body: string,
  content: object,
): { body: Prisma.InputJsonValue; content: Prisma.InputJsonValue } {
  return {
    body: sealAtRest(body, MAIL_BODY),
    content: sealAtRest(content, MAIL_CONTENT),
  };
}

/** The columns that keep a mail's recipient: the address sealed, and its blind index. */
export function mailRecipient(to: string): { to: Prisma.InputJsonValue; toIndex: string } {
  return { to: sealAtRest(to.trim().toLowerCase(), MAIL_TO), toIndex: blindIndex(MAIL_TO, "email", to) };
}

/**
 * The mail to `to`: by the address's blind index, or, for a mail written before sealing began that the sealing pass
 * has not indexed yet, by its plain address (stored lower-cased, as it always was).
 */
export function whereMailTo(to: string): Prisma.OutboxMessageWhereInput {
  return {
    OR: [{ toIndex: blindIndex(MAIL_TO, "email", to) }, { toIndex: null, to: { equals: to.trim().toLowerCase() } }],
  };
}

/** The mail to any of `addresses`. */
export function whereMailToAny(addresses: string[]): Prisma.OutboxMessageWhereInput {
  return { OR: addresses.flatMap((address) => whereMailTo(address).OR ?? []) };
}

/** A mail's recipient as kept, opened. */
export function openMailTo(stored: unknown): string {
  return openValue<string>(stored, MAIL_TO);
}

/** A mail's sealed columns as kept, opened (`Content`: ./enqueue-mail.ts `MailContent`). */
export function openedMail<Content>(row: { body: unknown; content: unknown; html?: unknown }): {
  body: string;
  content: Content | null;
  html: string | null;
} {
  return {
    body: openValue<string>(row.body, MAIL_BODY),
    content: row.content === null ? null : openValue<Content>(row.content, MAIL_CONTENT),
    html: row.html === null || row.html === undefined ? null : openValue<string>(row.html, MAIL_HTML),
  };
}

/** The HTML rendering kept once the mail is sent, sealed. */
export function sealedHtml(html: string): Prisma.InputJsonValue {
  return sealAtRest(html, MAIL_HTML);
}
