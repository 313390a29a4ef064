import type { Config } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { SECRET_MARK } from "../mail/mail-secret.ts";
import { hashSecret, randomSecret } from "../oauth/secrets.ts";

/** A set-password link stays valid for three days. */
export const PASSWORD_SETUP_HOURS = 72;

/**
 * "The user can later set a password through that email address": a single-use link, mailed to the person.
 */
export async function sendPasswordSetup(
  tx: DbOrTx,
  options: { userId: string; email: string; applicationId: string; applicationName: string; config: Config; now: Date },
): Promise<void> {
  const token = randomSecret();
  await tx.passwordSetupToken.create({
    data: {
      tokenHash: hashSecret(token),
      userId: options.userId,
      expiresAt: new Date(options.now.getTime() + PASSWORD_SETUP_HOURS * 3_600_000),
    },
  });
  await enqueueMail(tx, {
    to: options.email,
    kind: "password-setup",
    subject: "Set your Tokenrail password",
    paragraphs: [
      `${options.applicationName} created a Tokenrail account for you.`,
      `Set your password with the link below. It works once, for ${PASSWORD_SETUP_HOURS} hours.`,
    ],
    action: { label: "Set your password", url: `${options.config.appUrl}/set-password?token=${SECRET_MARK}` },
    secret: token,
    applicationId: options.applicationId,
  });
}
