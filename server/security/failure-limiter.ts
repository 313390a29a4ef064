import { getConfig } from "../config.ts";

/**
 * Limits repeated failures (client authentication, sign-in) per key: after `maxFailures` within `windowMs` the key
 * is refused until the oldest of them leaves the window. On PostgreSQL, where several instances count together,
 * shared-failure-limits.ts puts limiters that share their counts through the database in place of these.
 */
export interface FailureLimiter {
  /** Seconds until `key` may try again; 0 when it may try now. */
  retryAfterSeconds(key: string, now: number): number;
  /**
   * Takes an attempt before it is checked: it counts as a failure from here on (so attempts running at the same time
   * see each other), or, when `key` is refused, nothing is counted and the seconds to wait come back. Every attempt
   * taken is settled once its check is done (server/security/limited-attempt.ts).
   */
  reserve(key: string, now: number): number;
  /**
   * How an attempt taken at `at` ended: a failure stays counted (and is shared); a success clears the key's failures;
   * `uncounted` (nothing was checked, e.g. the wrong kind of client) takes the attempt back.
   */
  settle(key: string, at: number, outcome: AttemptOutcome): void;
  recordFailure(key: string, now: number): void;
  reset(key: string): void;
}

export type AttemptOutcome = "failure" | "success" | "uncounted";

export class MemoryFailureLimiter implements FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    /** Bound on tracked keys, so a flood of distinct keys cannot exhaust memory. */
    private readonly maxKeys = 100_000,
  ) {}

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  retryAfterSeconds(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.maxFailures) return 0;
    return Math.max(1, Math.ceil((recent[recent.length - this.maxFailures]! + this.windowMs - now) / 1000));
  }

  recordFailure(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.delete(key);
    this.failures.set(key, recent);
    if (this.failures.size > this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  reserve(key: string, now: number): number {
    // Synchronous from the check to the count: no other attempt of this process runs in between.
    const wait = this.retryAfterSeconds(key, now);
    if (wait === 0) this.recordFailure(key, now);
    return wait;
  }

  settle(key: string, at: number, outcome: AttemptOutcome): void {
    if (outcome === "failure") return;
    this.release(key, at);
    if (outcome === "success") this.reset(key);
  }

  /** Takes back one failure counted at `at`. */
  release(key: string, at: number): void {
    const times = this.failures.get(key);
    const index = times?.indexOf(at) ?? -1;
    if (!times || index < 0) return;
    times.splice(index, 1);
    if (times.length === 0) this.failures.delete(key);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  clear(): void {
    this.failures.clear();
  }

  /** Whether any failure of `key` is counted (within the window or not yet pruned). */
  has(key: string): boolean {
    return this.failures.has(key);
  }
}

/** Ten failed client authentications per client id within 15 minutes. */
export const CLIENT_AUTH_LIMIT = { maxFailures: 10, windowMs: 15 * 60_000 };

/** Five failed sign-ins per email within 15 minutes. */
export const SIGN_IN_LIMIT = { maxFailures: 5, windowMs: 15 * 60_000 };

/**
 * Mails a person can make us send about an account (a sign-up's code, a new code, a password reset link): five per
 * address and, per client (IP address), `TOKENRAIL_ACCOUNT_MAILS_PER_CLIENT` (20 by default) within 30 minutes.
 * Every request counts, whether the address has an account or not, so being limited tells nothing about it.
 */
export const ACCOUNT_MAIL_ADDRESS_LIMIT = { maxFailures: 5, windowMs: 30 * 60_000 };
export const accountMailClientLimit = (perClient: number) => ({ maxFailures: perClient, windowMs: 30 * 60_000 });
/** Five wrong second factors (TOTP or recovery codes, passkey assertions) per person within 15 minutes (C57). */
export const SECOND_FACTOR_LIMIT = { maxFailures: 5, windowMs: 15 * 60_000 };

const holder = globalThis as typeof globalThis & { __tokenrailLimiters?: Record<string, FailureLimiter> };

function limiter(name: string, limit: { maxFailures: number; windowMs: number }): FailureLimiter {
  holder.__tokenrailLimiters ??= {};
  holder.__tokenrailLimiters[name] ??= new MemoryFailureLimiter(limit.maxFailures, limit.windowMs);
  return holder.__tokenrailLimiters[name];
}

/** Puts `replacement` in place of the process's limiter called `name` (the shared ones on PostgreSQL). */
export function replaceLimiter(name: string, replacement: FailureLimiter): void {
  holder.__tokenrailLimiters ??= {};
  holder.__tokenrailLimiters[name] = replacement;
}

export const clientAuthLimiter = () => limiter("client-auth", CLIENT_AUTH_LIMIT);
export const signInLimiter = () => limiter("sign-in", SIGN_IN_LIMIT);
export const accountMailAddressLimiter = () => limiter("account-mail-address", ACCOUNT_MAIL_ADDRESS_LIMIT);
export const accountMailClientLimiter = () =>
  limiter("account-mail-client", accountMailClientLimit(getConfig().accountMailsPerClient));
export const secondFactorLimiter = () => limiter("second-factor", SECOND_FACTOR_LIMIT);
