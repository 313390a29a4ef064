import type { Config } from "../config.ts";
import { db, listen } from "../db/client.ts";
import type { Unlisten } from "../db/listen.ts";
import { logger } from "../logging/logger.ts";
import { authCache, evictLocally } from "./auth-cache.ts";

/** The channel on which instances sharing a PostgreSQL database announce auth cache evictions to each other. */
export const AUTH_EVICTION_CHANNEL = "tokenrail_auth_evictions";
/** NOTIFY payloads are limited to 8000 bytes; a longer list of tags is announced as "everything". */
const MAX_PAYLOAD = 7_000;
const EVERYTHING = "*";

/**
 * On PostgreSQL, where several instances may share the database: every eviction (a revoked token, a rotated
 * secret, a changed profile) is announced with NOTIFY, and every instance, this one included, evicts on hearing it,
 * so a revoked credential fails everywhere within the notification's latency (milliseconds). An instance caches
 * nothing until it hears the channel, nor while its listening connection is down (it reads the database every time
 * instead), and clears everything when the connection comes back, since it may have missed announcements. The
 * embedded database has one process: nothing to share.
 */
export async function shareAuthEvictions(config: Pick<Config, "database">): Promise<Unlisten | undefined> {
  if (config.database.kind !== "postgres") return undefined;
  const cache = authCache();
  cache.caching = false;
  cache.announce = async (tags, tx) => {
    const joined = tags.join(" ");
    const payload = joined.length > MAX_PAYLOAD ? EVERYTHING : joined;
    // In the change's transaction, a failure fails the change: it is never made without being announced.
    if (tx) {
      await tx.$executeRaw`SELECT pg_notify(${AUTH_EVICTION_CHANNEL}, ${payload})`;
      return;
    }
    try {
      await (
        await db()
      ).$executeRaw`SELECT pg_notify(${AUTH_EVICTION_CHANNEL}, ${payload})`;
    } catch (err) {
      // The change is committed but the others did not hear of it: they see it when their entries lapse.
      logger().error({ err }, "an auth cache eviction could not be announced to the other instances");
    }
  };
  return listen(AUTH_EVICTION_CHANNEL, {
    onNotify: (payload) => {
      if (payload === undefined || payload === EVERYTHING) evictLocally(undefined);
      else if (payload) evictLocally(payload.split(" "));
      // (Re)connected: from now on this instance hears every eviction.
      if (payload === undefined) cache.caching = true;
    },
    onError: (err) => {
      cache.caching = false;
      evictLocally(undefined);
      logger().warn({ err }, "not hearing auth cache evictions: caching nothing until the connection is back");
    },
  });
}
