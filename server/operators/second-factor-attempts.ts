import { AppError } from "../errors.ts";
import { secondFactorLimiter } from "../security/failure-limiter.ts";

/**
 * Counts a person's attempts at a second factor (C57): after five failures within 15 minutes every attempt is
 * refused for a while, whatever it holds, so six-digit codes cannot be guessed. `attempt` answers whether the
 * factor was right.
 */
export async function limitedAttempt(userId: string, now: Date, attempt: () => Promise<boolean>): Promise<boolean> {
  const key = `user:${userId}`;
  const wait = secondFactorLimiter().retryAfterSeconds(key, now.getTime());
  if (wait > 0) {
    throw new AppError("TOO_MANY_REQUESTS", `Too many wrong codes; try again in ${wait} seconds`, undefined, {
      "retry-after": String(wait),
    });
  }
  const ok = await attempt();
  if (ok) secondFactorLimiter().reset(key);
  else secondFactorLimiter().recordFailure(key, now.getTime());
  return ok;
}
