import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { SECRET_MARK } from "../mail/mail-secret.ts";
import { hashSecret, randomSecret } from "../oauth/secrets.ts";
import { openResetEmail } from "./reset-request-email.ts";
import { whereUserEmail } from "./user-email.ts";

/** A reset link works once, for 30 minutes from the request. */
export const PASSWORD_RESET_MINUTES = 30;

/** Requests taken per run; the rest wait for the next one. */
const BATCH = 100;

/**
 * Takes queued "Forgot password?" requests (request-password-reset.ts) and, for each address that has an account,
 * stores a single-use link's hash and queues the mail with it; a request for any other address just ends. Taking the
 * rows and what follows from them is one transaction, and rows another instance is taking are skipped, so each
 * request is answered once, also when the process stops half way. Returns how many requests were taken.
 */
export async function sendPasswordResets(config: Pick<Config, "appUrl">): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const taken = await tx.$queryRaw<{ email: unknown; requestedAt: Date }[]>`
      DELETE FROM "PasswordResetRequest" WHERE id IN (
        SELECT id FROM "PasswordResetRequest" ORDER BY "requestedAt" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING email, "requestedAt"`;
    for (const { email: stored, requestedAt } of taken) {
      const email = openResetEmail(stored);
      const user = await tx.user.findFirst({ where: whereUserEmail(email), select: { id: true } });
      if (!user) continue;
      const token = randomSecret();
      await tx.passwordSetupToken.create({
        data: {
          tokenHash: hashSecret(token),
          userId: user.id,
          purpose: "reset",
          expiresAt: new Date(requestedAt.getTime() + PASSWORD_RESET_MINUTES * 60_000),
        },
      });
      await enqueueMail(tx, {
        to: email,
        kind: "password-reset",
        subject: "Reset your Tokenrail password",
        paragraphs: [
          "Someone, perhaps you, asked to reset the password of the Tokenrail account with this address.",
          `Choose a new password with the link below. It works once, for ${PASSWORD_RESET_MINUTES} minutes, and signs you out everywhere else.`,
          "If it was not you, ignore this mail: your password stays as it is.",
        ],
        action: { label: "Choose a new password", url: `${config.appUrl}/set-password?token=${SECRET_MARK}` },
        secret: token,
      });
    }
    return taken.length;
  });
}
