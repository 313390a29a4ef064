import { secondFactorLimiter } from "../security/failure-limiter.ts";
import { attemptWithinLimit } from "../security/limited-attempt.ts";

/**
 * Counts a person's attempts at a second factor (C57): after five failures within 15 minutes every attempt is
 * refused for a while, whatever it holds, so six-digit codes cannot be guessed; attempts at the same time count
 * each other (limited-attempt.ts). `attempt` answers whether the factor was right.
 */
export async function limitedAttempt(userId: string, now: Date, attempt: () => Promise<boolean>): Promise<boolean> {
  return attemptWithinLimit({
    limiter: secondFactorLimiter(),
    key: `user:${userId}`,
    now: now.getTime(),
    refusal: (wait) => `Too many wrong codes; try again in ${wait} seconds`,
    check: async () => {
      const ok = await attempt();
      return { outcome: ok ? "success" : "failure", value: ok };
    },
  });
}
