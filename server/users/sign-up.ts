import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { SECRET_MARK } from "../mail/mail-secret.ts";
import { hashSecret, randomSecret } from "../oauth/secrets.ts";
import { validate } from "../validate.ts";
import { takeAccountMail } from "./account-mail-limit.ts";
import { CODE_MINUTES, NO_CODE, emailCodeHash, newEmailCode } from "./email-code.ts";
import { hashPassword } from "./password.ts";
import { signUpSchema } from "./users.schemas.ts";
import { userEmailData, userNameData, whereUserEmail } from "./user-email.ts";

/** What every sign-up answers, whether the address is new or not: the browser's ticket for typing the code. */
export type SignUpStarted = { ticket: string; email: string };

/**
 * A sign-up on the screens: a code goes to the address, and the account (a person with a personal profile) is
 * usable once it is typed. The answer is the same for an address that already has a verified account: its owner
 * gets a mail saying someone tried to sign up with it, and no code can match. Nothing is decided by a session: the
 * browser holds a ticket (stored as a hash) until the code is typed.
 */
export async function signUp(options: {
  input: unknown;
  client: string;
  config: Pick<Config, "appUrl" | "secret">;
  clock?: Clock;
}): Promise<SignUpStarted> {
  const { config, clock = serverClock } = options;
  const { email, password } = validate(signUpSchema, options.input);
  const now = clock();
  takeAccountMail(email, options.client, now);
  const passwordHash = await hashPassword(password);
  const ticket = randomSecret();
  const ticketHash = hashSecret(ticket);
  const expiresAt = new Date(now.getTime() + CODE_MINUTES * 60_000);
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const existing = await tx.user.findFirst({
      where: whereUserEmail(email),
      select: { id: true, emailVerifiedAt: true },
    });
    if (existing?.emailVerifiedAt) {
      await tx.emailVerification.create({
        data: { ticketHash, userId: existing.id, codeHash: NO_CODE, passwordHash: NO_CODE, expiresAt },
      });
      await enqueueMail(tx, {
        to: email,
        kind: "sign-up-attempt",
        subject: "Someone tried to sign up with your address",
        paragraphs: [
          "Someone, perhaps you, tried to create a Tokenrail account with this address. It already has one, so nothing was created and your password is unchanged.",
          "To use your account, sign in. If you forgot your password, choose “Forgot password?” on the sign-in screen.",
          "If it was not you, you need not do anything.",
        ],
        action: { label: "Sign in", url: `${config.appUrl}/sign-in` },
      });
      return;
    }
    // A new address gets its account now (usable once verified); an unverified one keeps its own until the code
    // proves who chose the new password.
    const user =
      existing ??
      (await tx.user.create({
        data: {
          ...userEmailData(email),
          name: userNameData(""),
          passwordHash,
          memberships: { create: { perms: ["read", "write"], profile: { create: { kind: "personal" } } } },
        },
        select: { id: true },
      }));
    const code = newEmailCode();
    await tx.emailVerification.create({
      data: {
        ticketHash,
        userId: user.id,
        codeHash: emailCodeHash(config.secret, ticketHash, code),
        passwordHash,
        expiresAt,
      },
    });
    await enqueueMail(tx, {
      to: email,
      kind: "email-verification",
      subject: "Your Tokenrail verification code",
      paragraphs: [
        "Type this code on the sign-up screen to verify your e-mail address.",
        `It works for ${CODE_MINUTES} minutes. If you did not sign up for Tokenrail, ignore this mail.`,
      ],
      code: SECRET_MARK,
      secret: code,
    });
  });
  return { ticket, email };
}
