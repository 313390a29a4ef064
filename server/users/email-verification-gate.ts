import { db, type DbOrTx } from "../db/client.ts";
import { AppError } from "../errors.ts";

export const VERIFY_EMAIL_FIRST =
  "Verify your e-mail address first: type the code we mailed you when you signed up (sign up again with the same address for a new one).";

/**
 * Whether the person must still prove their e-mail address: they chose a password on the screens and have not typed
 * the code mailed to them. A person without a password (signed up by an application, signing in only with a linked
 * wallet) is the application's to vouch for; setting a password through a link proves the address.
 */
export function mustVerifyEmail(user: { emailVerifiedAt: Date | null; passwordHash: string | null }): boolean {
  return user.emailVerifiedAt === null && user.passwordHash !== null;
}

/** Refuses (FORBIDDEN) what a person may do only once their e-mail address is verified. */
export async function requireVerifiedEmail(userId: string, tx?: DbOrTx): Promise<void> {
  const prisma = tx ?? (await db());
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { emailVerifiedAt: true, passwordHash: true },
  });
  if (!user || mustVerifyEmail(user)) throw new AppError("FORBIDDEN", VERIFY_EMAIL_FIRST);
}
