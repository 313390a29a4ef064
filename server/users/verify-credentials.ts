import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { signInLimiter } from "../security/failure-limiter.ts";
import { attemptWithinLimit } from "../security/limited-attempt.ts";
import { mustVerifyEmail } from "./email-verification-gate.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { signInSchema } from "./users.schemas.ts";
import { openName, whereUserEmail } from "./user-email.ts";

let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword("decoy password, never matches"));

export type SignedIn = { userId: string; email: string; name: string };

/**
 * Email and password sign-in. Wrong email, wrong password and an address not verified yet look the same; repeated
 * failures for one email are refused for a while (C29) before the slow hash even runs. Each attempt counts as failed
 * from before its hash runs (limited-attempt.ts), so simultaneous guesses cannot all slip under the limit.
 */
export async function verifyCredentials(input: unknown, clock: Clock = serverClock): Promise<SignedIn | undefined> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return undefined;
  const { email, password } = parsed.data;
  const prisma = await db();
  return attemptWithinLimit({
    limiter: signInLimiter(),
    key: `email:${email}`,
    now: clock().getTime(),
    refusal: (wait) => `Too many failed sign-ins; try again in ${wait} seconds`,
    check: async () => {
      const user = await prisma.user.findFirst({
        where: whereUserEmail(email),
        select: { id: true, name: true, passwordHash: true, emailVerifiedAt: true },
      });
      // An unknown email costs the same hash as a wrong password, so timing does not tell which emails have accounts.
      const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
      // An account whose address is not verified yet does not exist for signing in: its sign-up is waiting for the
      // code (signing up again sends a new one), and answering otherwise would tell who has an account.
      if (!user || !user.passwordHash || !matches || mustVerifyEmail(user)) {
        return { outcome: "failure", value: undefined };
      }
      return { outcome: "success", value: { userId: user.id, email, name: openName(user.name) } };
    },
  });
}
