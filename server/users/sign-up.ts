import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { hashPassword } from "./password.ts";
import { signUpSchema } from "./users.schemas.ts";
import { validate } from "../validate.ts";

export type SignedUp = { userId: string; profileId: string; email: string };

/**
 * Creates a person with a password and their personal profile (state `created`; KYC fills it in). The email must
 * be new: an existing account signs in instead.
 */
export async function signUp(input: unknown): Promise<SignedUp> {
  const { email, password } = validate(signUpSchema, input);
  const prisma = await db();
  const passwordHash = await hashPassword(password);
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing)
    throw new AppError("CONFLICT", "An account with this email already exists", {
      email: "Already registered: sign in instead",
    });
  const user = await prisma.user.create({
    data: {
      email,
      passwordHash,
      memberships: { create: { perms: ["read", "write"], profile: { create: { kind: "personal" } } } },
    },
    select: { id: true, memberships: { select: { profileId: true } } },
  });
  return { userId: user.id, profileId: user.memberships[0]!.profileId, email };
}
