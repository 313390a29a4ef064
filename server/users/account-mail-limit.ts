import { AppError } from "../errors.ts";
import { accountMailAddressLimiter, accountMailClientLimiter } from "../security/failure-limiter.ts";

/**
 * Counts one mail a person asked us to send about `email` (a sign-up's code, a new code, a reset link) from `client`,
 * or refuses with TOO_MANY_REQUESTS once the address or the client has asked too often. Every request counts, for
 * addresses with and without an account alike, so the refusal says nothing about the address. On PostgreSQL the
 * counts are shared by every instance (server/security/shared-failure-limits.ts).
 */
export function takeAccountMail(email: string, client: string, now: Date): void {
  const at = now.getTime();
  const byAddress = accountMailAddressLimiter();
  const byClient = accountMailClientLimiter();
  const wait = Math.max(
    byAddress.retryAfterSeconds(`email:${email}`, at),
    byClient.retryAfterSeconds(`client:${client}`, at),
  );
  if (wait > 0) {
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `Too many requests; try again in ${Math.ceil(wait / 60)} minutes`,
      undefined,
      { "retry-after": String(wait) },
    );
  }
  byAddress.recordFailure(`email:${email}`, at);
  byClient.recordFailure(`client:${client}`, at);
}
