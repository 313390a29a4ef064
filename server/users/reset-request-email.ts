import type { Prisma } from "../generated/prisma/client.ts";
import { blindIndex } from "../keys/blind-index.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";

/*
 * A queued password reset keeps the address asked for (C55) sealed at rest (C70; server/keys/sealed-value.ts), with a
 * blind index beside it (server/keys/blind-index.ts) so erasure still finds the requests for an address
 * (`whereResetEmailAny`), as ./user-email.ts does for accounts.
 */
export const RESET_EMAIL = "PasswordResetRequest.email";

/** The columns that keep a request's address: sealed, and its blind index. */
export function resetEmailData(email: string): { email: Prisma.InputJsonValue; emailIndex: string } {
  return { email: sealAtRest(email, RESET_EMAIL), emailIndex: blindIndex(RESET_EMAIL, "email", email) };
}

/**
 * The requests for `email`: by the address's blind index, or, for a request written before sealing began that the
 * sealing pass has not indexed yet, by its plain address (stored lower-cased, as the request form always did).
 */
export function whereResetEmail(email: string): Prisma.PasswordResetRequestWhereInput {
  return {
    OR: [
      { emailIndex: blindIndex(RESET_EMAIL, "email", email) },
      { emailIndex: null, email: { equals: email.trim().toLowerCase() } },
    ],
  };
}

/** The requests for any of `emails`. */
export function whereResetEmailAny(emails: string[]): Prisma.PasswordResetRequestWhereInput {
  return { OR: emails.flatMap((email) => whereResetEmail(email).OR ?? []) };
}

/** A request's address as kept, opened. */
export function openResetEmail(stored: unknown): string {
  return openValue<string>(stored, RESET_EMAIL);
}
