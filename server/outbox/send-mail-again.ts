import { z } from "zod";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { MAX_ID } from "../limits.ts";
import { announceMail } from "../mail/mail-channel.ts";
import type { MailContent } from "../mail/enqueue-mail.ts";
import { carriesMark } from "../mail/mail-secret.ts";
import { openedMail } from "../mail/mail-columns.ts";

export const sendAgainSchema = z.object({ id: z.string().max(MAX_ID).pipe(z.uuid("must be a message id")) });

/**
 * An operator's explicit choice to send a `failed` or `uncertain` mail again (an uncertain one may then arrive
 * twice: that is what the operator decides, and the audit log says who did). It is queued for a fresh series of
 * attempts, with the same `Message-ID`, so a mail client that got the first one can tell the two apart. A failed mail
 * whose secret production erased is not: what it granted is asked for again by the person.
 */
export async function sendMailAgain(options: { id: string; operator: AuditActor; clock?: Clock }): Promise<void> {
  const { id, operator, clock = serverClock } = options;
  if (!getConfig().mail.smtpUrl) {
    throw new AppError("CONFLICT", "No mail server is attached: mail stays in the sandbox mailbox");
  }
  const prisma = await db();
  const now = clock();
  await prisma.$transaction(async (tx) => {
    const mail = await tx.outboxMessage.findUnique({ where: { id } });
    if (!mail) throw new AppError("NOT_FOUND", "No such message");
    if (mail.status !== "failed" && mail.status !== "uncertain") {
      throw new AppError("CONFLICT", `Only failed or uncertain mail is sent again; this one is ${mail.status}`);
    }
    // Production erased its link or code when delivery ended: the person asks for a new one instead.
    const { content } = openedMail<MailContent>(mail);
    if (mail.secretSealed === null && content && carriesMark(content)) {
      throw new AppError(
        "CONFLICT",
        "This mail's link or code was erased when its delivery ended: it cannot be sent again",
      );
    }
    const changed = await tx.outboxMessage.updateMany({
      where: { id, status: mail.status },
      data: { status: "queued", attempts: 0, nextAttemptAt: now, claimedBy: null, claimedUntil: null },
    });
    if (changed.count === 0) throw new AppError("CONFLICT", "The message changed meanwhile; look again");
    await recordAudit(tx, {
      actor: operator,
      action: "mail.send-again",
      subject: { type: "mail", id },
      before: { status: mail.status, attempts: mail.attempts, lastError: mail.lastError },
      after: { status: "queued" },
      at: now,
    });
    await announceMail(tx);
  });
}
