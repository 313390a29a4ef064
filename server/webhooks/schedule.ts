/** At most this many attempts per delivery (SPEC "Delivery"). */
export const MAX_ATTEMPTS = 10;
/** Every attempt happens within this long of the event (SPEC "Delivery"). */
export const RETRY_WINDOW_MS = 12 * 3600_000;

/** Wait after attempt n (1-based) before attempt n+1: exponential-ish, about 11 h 43 min in all. */
const DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 10_800_000, 18_000_000];

/**
 * When to try again after a failed attempt, or undefined when the delivery has had its attempts. The wait is the
 * schedule's (shortened by up to a fifth at random, so receivers that failed together are not hit together), or
 * longer if the receiver asked with `Retry-After`, but never past the window.
 */
export function nextAttemptAt(options: {
  attempts: number;
  firstAt: Date;
  now: Date;
  retryAfterSeconds?: number;
  random?: () => number;
}): Date | undefined {
  const { attempts, firstAt, now, retryAfterSeconds, random = Math.random } = options;
  if (attempts >= MAX_ATTEMPTS) return undefined;
  const scheduled = DELAYS_MS[attempts - 1]! * (1 - 0.2 * random());
  const wait = Math.max(scheduled, (retryAfterSeconds ?? 0) * 1000);
  const deadline = firstAt.getTime() + RETRY_WINDOW_MS;
  const at = Math.min(now.getTime() + wait, deadline);
  return at > now.getTime() ? new Date(at) : undefined;
}
