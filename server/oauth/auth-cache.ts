import { TtlCache } from "../cache/ttl-cache.ts";
import type { Caller } from "./authenticate-bearer.ts";
import type { AuthContext } from "./context.schemas.ts";

/**
 * How long this process trusts what it read about a token. Revocation and profile changes evict the entries of the
 * process that makes them at once; other instances sharing the database see the change within this bound.
 */
export const AUTH_CACHE_SECONDS = 5;

/** A confidential client as the token endpoint needs it: the stored hash of its secret, never the secret (C15). */
export type CachedClient = {
  id: string;
  kind: string;
  secretHash: string | null;
  applicationId: string;
  profileId: string;
  ownerId: string;
};

type Holder = {
  callers: TtlCache<Caller>;
  contexts: TtlCache<AuthContext>;
  clients: TtlCache<CachedClient>;
  /** Counts evictions: a read that saw another eviction start after it must not cache what it read. */
  epoch: number;
};
const holder = globalThis as typeof globalThis & { __tokenrailAuthCache?: Holder };

export function authCache(): Holder {
  holder.__tokenrailAuthCache ??= {
    callers: new TtlCache(10_000),
    contexts: new TtlCache(10_000),
    clients: new TtlCache(10_000),
    epoch: 0,
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
 * Caches a client read from the database, unless an eviction happened since `epoch` (taken before the read): the
 * row may predate that change (a rotated secret), and caching it would let the old value live on.
 */
export function cacheClient(client: CachedClient, epoch: number, until: number): void {
  const cache = authCache();
  if (cache.epoch === epoch) cache.clients.set(client.id, client, until, clientTags(client));
}

export function evictAuth(tags: readonly string[]): void {
  const cache = authCache();
  cache.epoch++;
  cache.callers.evict(tags);
  cache.contexts.evict(tags);
  cache.clients.evict(tags);
}
