import { getConfig } from "../config.ts";
import { instanceKeyring } from "./instance-keyring.ts";
import type { Keyring } from "./keyring.ts";

/*
 * Blind indexes (C70): a sealed column that must still be looked up (an e-mail address to sign in, an IBAN to route a
 * credit) has an index column beside it holding a keyed hash (HMAC-SHA256 under the keyring's index key) of its
 * normalised value, named by the column (`"User.email"`), so equal values give equal indexes in that column only and a
 * database dump without the keyring cannot confirm a guess. The index key never changes with a KEK rotation, or every
 * index would break. One normalisation per kind, the same on write and on lookup.
 */

export type IndexKind = "email" | "iban" | "match";

const NORMALISE: Record<IndexKind, (value: string) => string> = {
  // As sign-in and sign-up already read an address (users.schemas.ts).
  email: (value) => value.trim().toLowerCase(),
  // The electronic format: upper case, no spaces.
  iban: (value) => value.replace(/\s+/g, "").toUpperCase(),
  // A digest already made of a canonical value (a compliance case's match, server/screening/cases/match-key.ts).
  match: (value) => value,
};

/** The blind index of `value` (normalised as a `kind`) for the column named by `context` (`"User.email"`). */
export function blindIndex(
  context: string,
  kind: IndexKind,
  value: string,
  keyring: Keyring = instanceKeyring(getConfig()),
): string {
  return keyring.blindIndex(context, NORMALISE[kind](value));
}
