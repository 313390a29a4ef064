import { createHmac, randomInt, timingSafeEqual } from "node:crypto";

/** A sign-up's code is valid for 15 minutes, for five attempts; three codes at most per sign-up. */
export const CODE_MINUTES = 15;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_CODE_SENDS = 3;

/** Stored in place of a code's hash when no code was sent: no code matches it. */
export const NO_CODE = "-";

/** Six digits from the OS's random source. */
export function newEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * A code's stored form: keyed with the instance's secret and bound to its sign-up, so a copy of the database does not
 * give the codes away by trying the million of them.
 */
export function emailCodeHash(secret: string, ticketHash: string, code: string): string {
  return createHmac("sha256", secret).update(`${ticketHash}:${code}`).digest("hex");
}

export function emailCodeMatches(secret: string, ticketHash: string, code: string, stored: string): boolean {
  if (stored === NO_CODE) return false;
  const presented = Buffer.from(emailCodeHash(secret, ticketHash, code), "hex");
  const expected = Buffer.from(stored, "hex");
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
