import { TtlCache } from "../cache/ttl-cache.ts";
import type { Caller } from "./authenticate-bearer.ts";
import type { AuthContext } from "./context.schemas.ts";

/**
 * How long this process trusts what it read about a token. Revocation and profile changes evict the entries of the
 * process that makes them at once; other instances sharing the database see the change within this bound.
 */
export const AUTH_CACHE_SECONDS = 5;

type Holder = { callers: TtlCache<Caller>; contexts: TtlCache<AuthContext> };
const holder = globalThis as typeof globalThis & { __tokenrailAuthCache?: Holder };

export function authCache(): Holder {
  holder.__tokenrailAuthCache ??= { callers: new TtlCache(10_000), contexts: new TtlCache(10_000) };
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

export function evictAuth(tags: readonly string[]): void {
  const cache = authCache();
  cache.callers.evict(tags);
  cache.contexts.evict(tags);
}
