import { z } from "zod";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { MAX_SECRET, tooLong } from "../limits.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { validate } from "../validate.ts";
import { MAX_CODE_ATTEMPTS, emailCodeMatches } from "./email-code.ts";
import { openEmail } from "./user-email.ts";

export const verifyEmailCodeSchema = z.object({
  ticket: z.string().min(1).max(MAX_SECRET, tooLong(MAX_SECRET)),
  code: z
    .string()
    .trim()
    .max(20, tooLong(20))
    .regex(/^\d{6}$/, "Enter the 6 digits of the code"),
});

export const SIGN_UP_AGAIN = "This sign-up is no longer waiting for a code. Sign up again to get a new one.";
export const CODE_EXPIRED = "This code has expired. Ask for a new code.";
export const TOO_MANY_ATTEMPTS = "Too many wrong codes. Ask for a new code.";

/**
 * The code mailed at sign-up, typed: the address is verified and the password chosen then becomes the account's.
 * Five attempts per code, within its 15 minutes; after that only a new code helps. A sign-up made with the address
 * of a verified account answers exactly as a wrong code does.
 */
export async function verifyEmailCode(options: {
  input: unknown;
  config: Pick<Config, "secret">;
  clock?: Clock;
}): Promise<{ email: string }> {
  const { config, clock = serverClock } = options;
  const { ticket, code } = validate(verifyEmailCodeSchema, options.input);
  const ticketHash = hashSecret(ticket);
  const now = clock();
  const prisma = await db();
  const row = await prisma.emailVerification.findUnique({
    where: { ticketHash },
    select: {
      id: true,
      userId: true,
      codeHash: true,
      passwordHash: true,
      expiresAt: true,
      attempts: true,
      usedAt: true,
    },
  });
  if (!row || row.usedAt) throw new AppError("BAD_REQUEST", SIGN_UP_AGAIN);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError("BAD_REQUEST", CODE_EXPIRED);
  // Counted before the code is compared, atomically, so parallel guesses cannot exceed the attempts.
  const { count } = await prisma.emailVerification.updateMany({
    where: { id: row.id, usedAt: null, attempts: { lt: MAX_CODE_ATTEMPTS } },
    data: { attempts: { increment: 1 } },
  });
  if (count !== 1) throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS);
  if (!emailCodeMatches(config.secret, ticketHash, code, row.codeHash)) {
    const left = MAX_CODE_ATTEMPTS - row.attempts - 1;
    if (left <= 0) throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_ATTEMPTS);
    throw new AppError("VALIDATION", "Validation errors", {
      code: `Wrong code: ${left} ${left === 1 ? "attempt" : "attempts"} left`,
    });
  }
  const email = await prisma.$transaction(async (tx) => {
    const spent = await tx.emailVerification.updateMany({
      where: { id: row.id, usedAt: null },
      data: { usedAt: now },
    });
    if (spent.count !== 1) throw new AppError("BAD_REQUEST", SIGN_UP_AGAIN);
    // Any other sign-up still waiting for this address is void: the address has chosen.
    await tx.emailVerification.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    const user = await tx.user.update({
      where: { id: row.userId },
      data: { emailVerifiedAt: now, passwordHash: row.passwordHash },
      select: { email: true },
    });
    return openEmail(user.email);
  });
  return { email };
}
