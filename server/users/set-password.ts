import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { validate } from "../validate.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { hashPassword } from "./password.ts";
import { revokeSignIns } from "./revoke-sign-ins.ts";
import { passwordSchema } from "./users.schemas.ts";
import { z } from "zod";
import { MAX_SECRET, tooLong } from "../limits.ts";
import { openEmail } from "./user-email.ts";

export const setPasswordSchema = z.object({
  token: z.string().min(1).max(MAX_SECRET, tooLong(MAX_SECRET)),
  password: passwordSchema,
});

export type PasswordLinkPurpose = "setup" | "reset";

export const LINK_EXPIRED = "This link has expired or was already used.";

/** What a set-password link is for, if it is one that still works. */
export async function checkPasswordLink(
  token: string,
  clock: Clock = serverClock,
): Promise<{ valid: true; purpose: PasswordLinkPurpose } | { valid: false }> {
  if (!token || token.length > MAX_SECRET) return { valid: false };
  const prisma = await db();
  const link = await prisma.passwordSetupToken.findUnique({
    where: { tokenHash: hashSecret(token) },
    select: { purpose: true, usedAt: true, expiresAt: true },
  });
  if (!link || link.usedAt || link.expiresAt.getTime() <= clock().getTime()) return { valid: false };
  return { valid: true, purpose: link.purpose === "reset" ? "reset" : "setup" };
}

/**
 * Spends a set-password link (an application's sign-up, or a reset): the person's password becomes the one given,
 * the address counts as verified (the link came to it), and everything they were signed in with ends — web sessions,
 * and every access and refresh token — in the same transaction.
 */
export async function setPasswordWithToken(
  input: unknown,
  clock: Clock = serverClock,
): Promise<{ email: string; purpose: PasswordLinkPurpose }> {
  const { token, password } = validate(setPasswordSchema, input);
  const prisma = await db();
  const now = clock();
  const link = await prisma.passwordSetupToken.findUnique({
    where: { tokenHash: hashSecret(token) },
    select: {
      id: true,
      userId: true,
      purpose: true,
      usedAt: true,
      expiresAt: true,
      user: { select: { email: true } },
    },
  });
  if (!link || link.usedAt || link.expiresAt.getTime() <= now.getTime()) {
    throw new AppError("BAD_REQUEST", LINK_EXPIRED);
  }
  const passwordHash = await hashPassword(password);
  const spent = await prisma.$transaction(async (tx) => {
    const { count } = await tx.passwordSetupToken.updateMany({
      where: { id: link.id, usedAt: null },
      data: { usedAt: now },
    });
    if (count !== 1) return false;
    const user = await tx.user.findUniqueOrThrow({ where: { id: link.userId }, select: { emailVerifiedAt: true } });
    await tx.user.update({
      where: { id: link.userId },
      data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
    });
    // The other links of the person stop working too: the newest password is the one they chose last.
    await tx.passwordSetupToken.updateMany({ where: { userId: link.userId, usedAt: null }, data: { usedAt: now } });
    await revokeSignIns(tx, link.userId, now);
    return true;
  });
  if (!spent) throw new AppError("BAD_REQUEST", LINK_EXPIRED);
  return { email: openEmail(link.user.email), purpose: link.purpose === "reset" ? "reset" : "setup" };
}
