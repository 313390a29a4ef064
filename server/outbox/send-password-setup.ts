import type { Config } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { hashSecret, randomSecret } from "../oauth/secrets.ts";

/** A set-password link stays valid for three days. */
export const PASSWORD_SETUP_HOURS = 72;

/**
 * "The user can later set a password through that email address": a single-use link, written to the outbox (no
 * mail server is attached; the operator reads the outbox).
 */
export async function sendPasswordSetup(
  tx: DbOrTx,
  options: { userId: string; email: string; applicationName: string; config: Config; now: Date },
): Promise<void> {
  const token = randomSecret();
  await tx.passwordSetupToken.create({
    data: {
      tokenHash: hashSecret(token),
      userId: options.userId,
      expiresAt: new Date(options.now.getTime() + PASSWORD_SETUP_HOURS * 3_600_000),
    },
  });
  const link = `${options.config.appUrl}/set-password?token=${token}`;
  await tx.outboxMessage.create({
    data: {
      to: options.email,
      subject: "Set your Tokenrail password",
      body: `${options.applicationName} created a Tokenrail account for you.\n\nSet your password here (valid for ${PASSWORD_SETUP_HOURS} hours, once):\n${link}\n`,
    },
  });
}
