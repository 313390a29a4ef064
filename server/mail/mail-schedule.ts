/**
 * The retry rule (docs/mail.md). A transient refusal (a 4xx reply, a connection refused, reset or timed out before the
 * server took the message) is tried again after a growing wait, up to `MAX_ATTEMPTS` attempts in about four and a
 * half hours. A permanent refusal (a 5xx reply: no such mailbox, relaying denied, wrong credentials) is tried again
 * too, but only up to `MAX_PERMANENT_ATTEMPTS`: some are the instance's own configuration (credentials, sender),
 * which the operator may fix within the hour; most are final, and a mail server is not asked over and over. After the
 * last attempt the mail is `failed`, with the last reason.
 */
export const MAX_ATTEMPTS = 6;
export const MAX_PERMANENT_ATTEMPTS = 3;

/** Wait after attempt n (1-based) before attempt n+1. */
const DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 3600_000];

export type Refusal = "transient" | "permanent";

/**
 * When to try again after attempt `attempts` failed with `refusal`, or undefined when it was the last. The wait is
 * shortened by up to a fifth at random, so mail that failed together is not retried together.
 */
export function nextMailAttemptAt(options: {
  attempts: number;
  refusal: Refusal;
  now: Date;
  random?: () => number;
}): Date | undefined {
  const { attempts, refusal, now, random = Math.random } = options;
  const limit = refusal === "permanent" ? MAX_PERMANENT_ATTEMPTS : MAX_ATTEMPTS;
  if (attempts >= limit) return undefined;
  const delay = DELAYS_MS[Math.min(attempts, DELAYS_MS.length) - 1]!;
  return new Date(now.getTime() + delay * (1 - 0.2 * random()));
}
