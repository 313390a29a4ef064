import { randomUUID } from "node:crypto";
import type { Config } from "../config.ts";
import { db, listen } from "../db/client.ts";
import type { Unlisten } from "../db/listen.ts";
import { logger } from "../logging/logger.ts";
import {
  ACCOUNT_MAIL_ADDRESS_LIMIT,
  CLIENT_AUTH_LIMIT,
  MemoryFailureLimiter,
  SECOND_FACTOR_LIMIT,
  SIGN_IN_LIMIT,
  accountMailClientLimit,
  replaceLimiter,
  type AttemptOutcome,
  type FailureLimiter,
} from "./failure-limiter.ts";

export const FAILURE_CHANNEL = "tokenrail_auth_failures";
const limitsOf = (config: Pick<Config, "accountMailsPerClient">) =>
  ({
    "client-auth": CLIENT_AUTH_LIMIT,
    "sign-in": SIGN_IN_LIMIT,
    "account-mail-address": ACCOUNT_MAIL_ADDRESS_LIMIT,
    "account-mail-client": accountMailClientLimit(config.accountMailsPerClient),
    "second-factor": SECOND_FACTOR_LIMIT,
  }) as const;
/** The longest window of any limit: failures older than it count nowhere. */
const LONGEST_WINDOW_MS = Math.max(
  ...Object.values(limitsOf({ accountMailsPerClient: 1 })).map((limit) => limit.windowMs),
);
type Limits = ReturnType<typeof limitsOf>;
type LimiterName = keyof Limits;
type Announcement = { from: string; limiter: LimiterName; action: "failure" | "reset"; key: string; at: number };

/**
 * A failure limiter several instances on one PostgreSQL share. Checks stay in memory (they run before every client
 * authentication and sign-in); each failure is also written to `AuthFailure` and announced, and every other
 * instance adds it to its own memory on hearing it; a success's reset likewise. An attempt under way counts at once
 * on its own instance (`reserve`) and reaches the others when it has failed. An instance loads the window's
 * failures when it starts listening, and again whenever its listening connection comes back.
 */
class SharedFailureLimiter implements FailureLimiter {
  constructor(
    private readonly name: LimiterName,
    readonly memory: MemoryFailureLimiter,
    private readonly instance: string,
  ) {}

  retryAfterSeconds(key: string, now: number): number {
    return this.memory.retryAfterSeconds(key, now);
  }

  reserve(key: string, now: number): number {
    // Counted here at once; shared only once the check has failed, so a success costs no write.
    return this.memory.reserve(key, now);
  }

  settle(key: string, at: number, outcome: AttemptOutcome): void {
    if (outcome === "failure") {
      this.share(key, at);
      return;
    }
    this.memory.release(key, at);
    if (outcome === "success") this.reset(key);
  }

  recordFailure(key: string, now: number): void {
    this.memory.recordFailure(key, now);
    this.share(key, now);
  }

  private share(key: string, now: number): void {
    this.announce(
      "failure",
      key,
      now,
      (prisma, payload) =>
        prisma.$executeRaw`
        WITH recorded AS (
          INSERT INTO "AuthFailure" (limiter, key, at) VALUES (${this.name}, ${key}, ${new Date(now)}) RETURNING 1)
        SELECT pg_notify(${FAILURE_CHANNEL}, ${payload}) FROM recorded`,
    );
  }

  reset(key: string): void {
    // Every success resets: only a key with failures counted costs a write (every failure reaches every instance).
    if (!this.memory.has(key)) return;
    this.memory.reset(key);
    this.announce(
      "reset",
      key,
      Date.now(),
      (prisma, payload) =>
        prisma.$executeRaw`
        WITH removed AS (DELETE FROM "AuthFailure" WHERE limiter = ${this.name} AND key = ${key})
        SELECT pg_notify(${FAILURE_CHANNEL}, ${payload})`,
    );
  }

  private announce(
    action: Announcement["action"],
    key: string,
    at: number,
    write: (prisma: Awaited<ReturnType<typeof db>>, payload: string) => Promise<number>,
  ): void {
    const payload = JSON.stringify({ from: this.instance, limiter: this.name, action, key, at } satisfies Announcement);
    void db()
      .then((prisma) => write(prisma, payload))
      .catch((err: unknown) => logger().error({ err, limiter: this.name }, "a failure count could not be shared"));
  }
}

/**
 * On PostgreSQL: the client-authentication, sign-in and account-mail limiters count across every instance sharing the
 * database.
 * The embedded database has one process, whose in-memory limiters already count everything.
 */
export async function shareFailureLimits(
  config: Pick<Config, "database" | "accountMailsPerClient">,
): Promise<Unlisten | undefined> {
  if (config.database.kind !== "postgres") return undefined;
  const LIMITS = limitsOf(config);
  const instance = randomUUID();
  const limiters = Object.fromEntries(
    (Object.keys(LIMITS) as LimiterName[]).map((name) => {
      const limit = LIMITS[name];
      return [
        name,
        new SharedFailureLimiter(name, new MemoryFailureLimiter(limit.maxFailures, limit.windowMs), instance),
      ];
    }),
  ) as Record<LimiterName, SharedFailureLimiter>;
  for (const [name, limiter] of Object.entries(limiters)) replaceLimiter(name, limiter);

  const load = async () => {
    const prisma = await db();
    const rows = await prisma.authFailure.findMany({
      where: { at: { gt: new Date(Date.now() - LONGEST_WINDOW_MS) } },
      orderBy: { at: "asc" },
    });
    for (const limiter of Object.values(limiters)) limiter.memory.clear();
    for (const row of rows) limiters[row.limiter as LimiterName]?.memory.recordFailure(row.key, row.at.getTime());
  };
  return listen(FAILURE_CHANNEL, {
    onNotify: (payload) => {
      // (Re)connected: what was announced meanwhile is in the table.
      if (payload === undefined) {
        void load().catch((err: unknown) => logger().error({ err }, "recent authentication failures not loaded"));
        return;
      }
      const heard = JSON.parse(payload) as Announcement;
      const limiter = limiters[heard.limiter];
      if (!limiter || heard.from === instance) return;
      if (heard.action === "failure") limiter.memory.recordFailure(heard.key, heard.at);
      else limiter.memory.reset(heard.key);
    },
    onError: (err) => logger().warn({ err }, "not hearing other instances' authentication failures until reconnected"),
  });
}

/** Deletes failures older than every limit's window (run periodically by one or all instances: it is idempotent). */
export async function forgetOldFailures(): Promise<number> {
  const prisma = await db();
  const { count } = await prisma.authFailure.deleteMany({
    where: { at: { lt: new Date(Date.now() - LONGEST_WINDOW_MS) } },
  });
  return count;
}
