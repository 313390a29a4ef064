import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { validate } from "../validate.ts";
import { hashSecret } from "../oauth/secrets.ts";
import { hashPassword } from "./password.ts";
import { passwordSchema } from "./users.schemas.ts";
import { z } from "zod";
import { MAX_SECRET, tooLong } from "../limits.ts";

export const setPasswordSchema = z.object({
  token: z.string().min(1).max(MAX_SECRET, tooLong(MAX_SECRET)),
  password: passwordSchema,
});

const EXPIRED = "This link has expired or was already used. Ask the application to send a new one.";

/** Spends a set-password link: the person's password becomes the one given. */
export async function setPasswordWithToken(input: unknown, clock: Clock = serverClock): Promise<{ email: string }> {
  const { token, password } = validate(setPasswordSchema, input);
  const prisma = await db();
  const now = clock();
  const setup = await prisma.passwordSetupToken.findUnique({
    where: { tokenHash: hashSecret(token) },
    select: { id: true, userId: true, usedAt: true, expiresAt: true, user: { select: { email: true } } },
  });
  if (!setup || setup.usedAt || setup.expiresAt.getTime() <= now.getTime()) {
    throw new AppError("BAD_REQUEST", EXPIRED);
  }
  const passwordHash = await hashPassword(password);
  const spent = await prisma.$transaction(async (tx) => {
    const { count } = await tx.passwordSetupToken.updateMany({
      where: { id: setup.id, usedAt: null },
      data: { usedAt: now },
    });
    if (count !== 1) return false;
    await tx.user.update({ where: { id: setup.userId }, data: { passwordHash } });
    return true;
  });
  if (!spent) throw new AppError("BAD_REQUEST", EXPIRED);
  return { email: setup.user.email };
}
