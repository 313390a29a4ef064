import { AppError } from "../errors.ts";
import type { AttemptOutcome, FailureLimiter } from "./failure-limiter.ts";

/**
 * One attempt at a limited secret — a password, a second factor (C29, C57). The attempt is taken
 * before its slow check runs and counts as a failure until the check says otherwise, so attempts made at the same
 * time cannot all pass a limit none of them has counted yet: once the limit's worth are under way, the rest are
 * refused (TOO_MANY_REQUESTS with Retry-After) without being checked. `check` answers how the attempt ended; one that
 * throws is taken back (it checked nothing the caller could learn from).
 */
export async function attemptWithinLimit<T>(options: {
  limiter: FailureLimiter;
  key: string;
  now: number;
  refusal: (waitSeconds: number) => string;
  check: () => Promise<{ outcome: AttemptOutcome; value: T }>;
}): Promise<T> {
  const { limiter, key, now } = options;
  const wait = limiter.reserve(key, now);
  if (wait > 0) {
    throw new AppError("TOO_MANY_REQUESTS", options.refusal(wait), undefined, { "retry-after": String(wait) });
  }
  let settled: { outcome: AttemptOutcome; value: T };
  try {
    settled = await options.check();
  } catch (error) {
    limiter.settle(key, now, "uncounted");
    throw error;
  }
  limiter.settle(key, now, settled.outcome);
  return settled.value;
}
