import { TtlCache } from "../cache/ttl-cache.ts";
import type { DbOrTx } from "../db/client.ts";
import type { Caller } from "./caller.ts";
import type { AuthContext } from "./context.schemas.ts";

/**
 * How long this process trusts what it read about a token. Revocation and profile changes evict the entries of the
 * process that makes them at once, and on PostgreSQL of every other instance through a notification
 * (server/oauth/shared-evictions.ts), within milliseconds; an instance that cannot hear them caches nothing.
 */
export const AUTH_CACHE_SECONDS = 5;

/** A confidential client as the token endpoint needs it: the stored hash of its secret, never the secret (C15). */
export type CachedClient = {
  id: string;
  kind: string;
  secretHash: string | null;
  /** `OAuthClient.tokensNotBefore` in milliseconds, 0 when never set: what a valid signed token carries as `nbf`. */
  tokensNotBefore: number;
  applicationId: string;
  profileId: string;
  ownerId: string;
  /** The application's review: only an approved application's clients are served (production reviews new ones). */
  review: "pending" | "approved" | "rejected";
};

type Holder = {
  callers: TtlCache<Caller>;
  contexts: TtlCache<AuthContext>;
  clients: TtlCache<CachedClient>;
  /** Counts evictions: a read that saw another eviction start after it must not cache what it read. */
  epoch: number;
  /**
   * Whether this process may cache. Always on the embedded database (one process); on a shared database only while
   * it hears the other instances' evictions.
   */
  caching: boolean;
  /**
   * Announces evictions to every instance (PostgreSQL), when shared: inside `tx` when given, so they are heard when
   * the change commits.
   */
  announce?: (tags: readonly string[], tx?: DbOrTx) => Promise<void>;
  /** Told of every eviction made here or heard from another instance (`onAuthEvicted`). */
  observers: Set<(tags: readonly string[] | undefined) => void>;
};
const holder = globalThis as typeof globalThis & { __tokenrailAuthCache?: Holder };

export function authCache(): Holder {
  holder.__tokenrailAuthCache ??= {
    callers: new TtlCache(10_000),
    contexts: new TtlCache(10_000),
    clients: new TtlCache(10_000),
    epoch: 0,
    caching: true,
    observers: new Set(),
  };
  return holder.__tokenrailAuthCache;
}

/** Tags for eviction: a token's entries go when the token, its client, its user or one of its profiles changes. */
export function callerTags(caller: Caller): string[] {
  return [
    `token:${caller.tokenId}`,
    `client:${caller.clientId}`,
    `user:${caller.userId}`,
    `profile:${caller.profileId}`,
  ];
}

/** Tags for a client's entry: it goes when the client, its application (secret rotation), owner or profile changes. */
export function clientTags(client: CachedClient): string[] {
  return [
    `client:${client.id}`,
    `application:${client.applicationId}`,
    `user:${client.ownerId}`,
    `profile:${client.profileId}`,
  ];
}

/** The eviction count now; pass it to `cacheClient` with what was read after it. */
export function authEpoch(): number {
  return authCache().epoch;
}

/**
 * Whether what was read after `epoch` may be cached: caching is on, and no eviction happened since (the rows may
 * predate that change, a revoked token or a rotated secret, and caching them would let the old value live on).
 */
export function cacheable(epoch: number): boolean {
  const cache = authCache();
  return cache.caching && cache.epoch === epoch;
}

/** Caches a client read from the database after `epoch`, if `cacheable`. */
export function cacheClient(client: CachedClient, epoch: number, until: number): void {
  if (cacheable(epoch)) authCache().clients.set(client.id, client, until, clientTags(client));
}

/** Drops this process's entries carrying any of `tags`; `undefined` drops them all. */
export function evictLocally(tags: readonly string[] | undefined): void {
  const cache = authCache();
  cache.epoch++;
  for (const entries of [cache.callers, cache.contexts, cache.clients]) {
    if (tags) entries.evict(tags);
    else entries.clear();
  }
  for (const observer of cache.observers) observer(tags);
}

/**
 * Calls `observer` after every eviction of this process (its own, and those heard from other instances) with its
 * tags, `undefined` for all: what holds a caller beyond one request (an order WebSocket) checks it again then, so a
 * revoked token or a rotated secret ends it as it fails everywhere else. Returns the function that stops it.
 */
export function onAuthEvicted(observer: (tags: readonly string[] | undefined) => void): () => void {
  const { observers } = authCache();
  observers.add(observer);
  return () => observers.delete(observer);
}

/**
 * After a change to tokens, clients, users or profiles: evicts here, and announces it to the other instances. Given
 * the change's transaction, the announcement is part of it (heard when it commits, by this instance too, which
 * evicts again then: a read between this eviction and the commit may have cached the old row).
 */
export async function evictAuth(tags: readonly string[], tx?: DbOrTx): Promise<void> {
  evictLocally(tags);
  await authCache().announce?.(tags, tx);
}
