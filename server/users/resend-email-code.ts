import { z } from "zod";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { MAX_SECRET, tooLong } from "../limits.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { SECRET_MARK } from "../mail/mail-secret.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { validate } from "../validate.ts";
import { takeAccountMail } from "./account-mail-limit.ts";
import { CODE_MINUTES, MAX_CODE_SENDS, NO_CODE, emailCodeHash, newEmailCode } from "./email-code.ts";
import { SIGN_UP_AGAIN } from "./verify-email-code.ts";
import { openEmail } from "./user-email.ts";

export const resendEmailCodeSchema = z.object({ ticket: z.string().min(1).max(MAX_SECRET, tooLong(MAX_SECRET)) });

/**
 * A new code for a sign-up waiting for one: the old code stops working, the attempts start again. Three codes at
 * most per sign-up, and the account-mail limits per address and client apply.
 */
export async function resendEmailCode(options: {
  input: unknown;
  client: string;
  config: Pick<Config, "secret">;
  clock?: Clock;
}): Promise<void> {
  const { config, clock = serverClock } = options;
  const { ticket } = validate(resendEmailCodeSchema, options.input);
  const ticketHash = hashSecret(ticket);
  const now = clock();
  const prisma = await db();
  const row = await prisma.emailVerification.findUnique({
    where: { ticketHash },
    select: { id: true, codeHash: true, sends: true, usedAt: true, user: { select: { email: true } } },
  });
  if (!row || row.usedAt) throw new AppError("BAD_REQUEST", SIGN_UP_AGAIN);
  if (row.sends >= MAX_CODE_SENDS) {
    throw new AppError("TOO_MANY_REQUESTS", "No more codes for this sign-up. Sign up again later.");
  }
  const email = openEmail(row.user.email);
  takeAccountMail(email, options.client, now);
  const code = newEmailCode();
  const sent = row.codeHash !== NO_CODE;
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.emailVerification.updateMany({
      where: { id: row.id, usedAt: null, sends: row.sends },
      data: {
        codeHash: sent ? emailCodeHash(config.secret, ticketHash, code) : NO_CODE,
        attempts: 0,
        sends: { increment: 1 },
        expiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
      },
    });
    if (count !== 1) throw new AppError("BAD_REQUEST", SIGN_UP_AGAIN);
    if (!sent) return;
    await enqueueMail(tx, {
      to: email,
      kind: "email-verification",
      subject: "Your Tokenrail verification code",
      paragraphs: [
        "Type this code on the sign-up screen to verify your e-mail address. The codes sent before no longer work.",
        `It works for ${CODE_MINUTES} minutes. If you did not sign up for Tokenrail, ignore this mail.`,
      ],
      code: SECRET_MARK,
      secret: code,
    });
  });
}
