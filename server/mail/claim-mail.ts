import type { PrismaClient } from "../generated/prisma/client.ts";
import type { MailContent } from "./enqueue-mail.ts";
import { openMailTo, openedMail } from "./mail-columns.ts";

/** A mail claimed for one attempt: marked `sending` (committed) before the mail server is spoken to. */
export type ClaimedMail = {
  id: string;
  to: string;
  subject: string;
  body: string;
  content: MailContent | null;
  /** The secret the content marks, sealed (server/mail/mail-secret.ts); null when it has none. */
  secretSealed: string | null;
  messageId: string;
  attempts: number;
  claimedBy: number;
  applicationId: string | null;
  applicationName: string | null;
  logoFileId: string | null;
};

/**
 * Claims up to `batch` queued mails that are due for `holder`, in one committed statement (`FOR UPDATE SKIP LOCKED`),
 * so several instances on one database never take the same one: each becomes `sending`, its attempt counted, its
 * claim held until `holdUntil`. Only then is it sent, so a sender that dies mid-conversation leaves it in `sending`
 * (see `markOrphansUncertain`), never back in the queue.
 */
export async function claimDueMail(
  prisma: PrismaClient,
  options: { now: Date; batch: number; holder: number; holdUntil: Date },
): Promise<ClaimedMail[]> {
  const { now, batch, holder, holdUntil } = options;
  const rows = await prisma.$queryRaw<
    (Omit<ClaimedMail, "to" | "body" | "content"> & { to: unknown; body: unknown; content: unknown })[]
  >`
    WITH claimed AS (
      UPDATE "OutboxMessage" SET status = 'sending', attempts = attempts + 1, "claimedBy" = ${holder},
        "claimedUntil" = ${holdUntil}
      WHERE id IN (
        SELECT id FROM "OutboxMessage"
        WHERE status = 'queued' AND "nextAttemptAt" <= ${now}
        ORDER BY "nextAttemptAt" LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, body, content, "secretSealed", "messageId", attempts, "claimedBy", "applicationId")
    SELECT c.*, a.name AS "applicationName", a."logoFileId" AS "logoFileId"
    FROM claimed c LEFT JOIN "Application" a ON a.id = c."applicationId"`;
  return rows.map((row) => {
    const { body, content } = openedMail<MailContent>(row);
    return { ...row, to: openMailTo(row.to), body, content };
  });
}

/** Why an orphaned mail is `uncertain`: shown in the console beside it. */
export const SENDER_STOPPED = "the sender stopped while sending: the mail may or may not have arrived";

/**
 * Mail left in `sending` by a sender that is gone (its instance was killed mid-conversation, or its claim lapsed)
 * may have reached the mail server or not. It is never sent again blindly (C54: at most once): it becomes
 * `uncertain`, shown in the console, where an operator may choose to send it again. Run by every round, before it
 * claims; a round of the restarted instance thus settles what the killed one held.
 */
export async function markOrphansUncertain(prisma: PrismaClient, now: Date): Promise<number> {
  return prisma.$executeRaw`
    UPDATE "OutboxMessage" SET status = 'uncertain', "lastError" = ${SENDER_STOPPED},
      "claimedBy" = NULL, "claimedUntil" = NULL
    WHERE status = 'sending'
      AND ("claimedBy" IS NULL OR "claimedBy" NOT IN (SELECT h FROM "live_claim_holders"() AS h)
           OR "claimedUntil" < ${now})`;
}

/** Puts back mail claimed for an attempt that was not made (the instance is stopping): due again at once. */
export async function releaseUnsentMail(prisma: PrismaClient, claimed: ClaimedMail[]): Promise<void> {
  for (const mail of claimed) {
    await prisma.$executeRaw`
      UPDATE "OutboxMessage" SET status = 'queued', attempts = GREATEST(attempts - 1, 0), "claimedBy" = NULL,
        "claimedUntil" = NULL
      WHERE id = ${mail.id}::uuid AND status = 'sending' AND "claimedBy" = ${mail.claimedBy}`;
  }
}
