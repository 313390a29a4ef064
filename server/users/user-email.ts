import type { Prisma } from "../generated/prisma/client.ts";
import { blindIndex } from "../keys/blind-index.ts";
import { USER_EMAIL, USER_NAME } from "../keys/people-columns.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";

/*
 * A person's address and name are sealed at rest (C70): written through `userEmailData` / `userNameData`, read
 * through `openEmail` / `openName`, and the address found only through its blind index (`whereUserEmail`).
 */

/** The columns that store `email`: sealed, and its blind index. */
export function userEmailData(email: string): { email: Prisma.InputJsonValue; emailIndex: string } {
  return { email: sealAtRest(email, USER_EMAIL), emailIndex: blindIndex(USER_EMAIL, "email", email) };
}

export function userNameData(name: string): Prisma.InputJsonValue {
  return sealAtRest(name, USER_NAME);
}

/**
 * The person whose address is `email`: by its blind index, or, for a row written before sealing began that the
 * sealing pass has not indexed yet, by its plain address (stored lower-cased, as sign-up always did).
 */
export function whereUserEmail(email: string): Prisma.UserWhereInput {
  return {
    OR: [
      { emailIndex: blindIndex(USER_EMAIL, "email", email) },
      { emailIndex: null, email: { equals: email.trim().toLowerCase() } },
    ],
  };
}

export function openEmail(stored: unknown): string {
  return openValue<string>(stored, USER_EMAIL);
}

export function openName(stored: unknown): string {
  return openValue<string | null>(stored, USER_NAME) ?? "";
}

type UserFields = Omit<Prisma.UserUncheckedCreateInput, "email" | "emailIndex" | "name"> & { name?: string };

/**
 * The person whose address is `email`, made with `create` when there is none, or given `update` (the demo's people,
 * seeded at every start). Found as every lookup finds one, so a row not indexed yet is updated, not duplicated.
 */
export async function upsertUserByEmail(
  tx: Prisma.TransactionClient,
  email: string,
  fields: { create: UserFields; update: Prisma.UserUpdateInput },
): Promise<{ id: string }> {
  const found = await tx.user.findFirst({ where: whereUserEmail(email), select: { id: true } });
  if (found) return tx.user.update({ where: { id: found.id }, data: fields.update, select: { id: true } });
  const { name = "", ...rest } = fields.create;
  return tx.user.create({
    data: { ...rest, ...userEmailData(email), name: userNameData(name) },
    select: { id: true },
  });
}
