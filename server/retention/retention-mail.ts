import type { Prisma } from "../generated/prisma/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { profileRecipients } from "../mail/profile-recipients.ts";

/** What the customer is told of what happened to their data (C71). */
export type RetentionNotice =
  | { kind: "closed"; retainedUntil: Date }
  | { kind: "exported" }
  | { kind: "erased" }
  | { kind: "erasure-scheduled"; retainedUntil: Date };

const day = (d: Date) => d.toISOString().slice(0, 10);

function letter(notice: RetentionNotice): { subject: string; paragraphs: string[] } {
  switch (notice.kind) {
    case "closed":
      return {
        subject: "Your account is closed",
        paragraphs: [
          "Your account is closed: it takes no new orders and its IBAN takes no more payments.",
          `The law on money laundering makes us keep your identity data and transaction records until ${day(notice.retainedUntil)}; we erase them then.`,
        ],
      };
    case "exported":
      return {
        subject: "A copy of your data was made",
        paragraphs: [
          "At your request, our staff made a copy of the personal data we hold about you (your details, documents, addresses, IBAN and orders).",
          "If you did not ask for it, reply to this mail.",
        ],
      };
    case "erased":
      return {
        subject: "Your personal data is erased",
        paragraphs: [
          "As you asked, we erased your personal data and documents. Records of payments keep only what the books need, without your name.",
          "This is the last mail we send to this address.",
        ],
      };
    case "erasure-scheduled":
      return {
        subject: "Your erasure request is recorded",
        paragraphs: [
          "We recorded your request to erase your personal data.",
          `The law on money laundering makes us keep your identity data and transaction records until ${day(notice.retainedUntil)}; we erase them then without your asking again.`,
        ],
      };
  }
}

/** Mails the profile's people, in the caller's transaction (the outbox sends it once that commits). */
export async function mailRetentionNotice(
  tx: Prisma.TransactionClient,
  profileId: string,
  notice: RetentionNotice,
  recipients?: { emails: string[]; applicationId?: string },
): Promise<void> {
  const { emails, applicationId } = recipients ?? (await profileRecipients(tx, profileId));
  const { subject, paragraphs } = letter(notice);
  for (const to of emails) {
    await enqueueMail(tx, {
      to,
      kind: `data-${notice.kind}`,
      subject,
      paragraphs,
      ...(applicationId ? { applicationId } : {}),
    });
  }
}
