import { z } from "zod";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { SECRET_MARK } from "../mail/mail-secret.ts";
import { hashSecret, randomSecret } from "../oauth/secrets.ts";
import { validate } from "../validate.ts";
import { takeAccountMail } from "./account-mail-limit.ts";
import { emailSchema } from "./users.schemas.ts";

export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** A reset link works once, for 30 minutes. */
export const PASSWORD_RESET_MINUTES = 30;

/**
 * "Forgot password?": if the address has an account, a single-use link to choose a new password goes to it (only the
 * token's hash is stored). The caller learns nothing either way: the answer is the same, and the limits per address
 * and per client count every request.
 */
export async function requestPasswordReset(options: {
  input: unknown;
  client: string;
  config: Pick<Config, "appUrl">;
  clock?: Clock;
}): Promise<void> {
  const { config, clock = serverClock } = options;
  const { email } = validate(passwordResetRequestSchema, options.input);
  const now = clock();
  takeAccountMail(email, options.client, now);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
    if (!user) return;
    const token = randomSecret();
    await tx.passwordSetupToken.create({
      data: {
        tokenHash: hashSecret(token),
        userId: user.id,
        purpose: "reset",
        expiresAt: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
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
  });
}
