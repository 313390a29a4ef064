import { db } from "../db/client.ts";
import { uuidOrUndefined } from "../ids.ts";
import { AUTH_CACHE_SECONDS, authCache, authEpoch, cacheClient, type CachedClient } from "./auth-cache.ts";

/**
 * An OAuth client, from this process's cache or the database: the token endpoint checks a secret against it, and
 * bearer authentication checks a client-credentials token against it. The cache only saves the read, for
 * `AUTH_CACHE_SECONDS`. Rotating the secret, or a change to the application's owner or profile, evicts the entry
 * here at once (`evictAuth`), and on PostgreSQL on every other instance as soon as it hears of it; an instance that
 * cannot hear evictions caches nothing.
 */
export async function findClient(clientId: string): Promise<CachedClient | undefined> {
  const id = uuidOrUndefined(clientId);
  if (!id) return undefined;
  // Wall-clock time, not the injectable clock: how long a read may be trusted is real time, whatever a test's offset.
  const now = Date.now();
  const cached = authCache().clients.get(id, now);
  if (cached) return cached;
  const epoch = authEpoch();
  const prisma = await db();
  const row = await prisma.oAuthClient.findUnique({
    where: { id },
    select: {
      id: true,
      kind: true,
      secretHash: true,
      tokensNotBefore: true,
      applicationId: true,
      application: { select: { profileId: true, ownerId: true, review: true } },
    },
  });
  if (!row) return undefined;
  const client: CachedClient = {
    id: row.id,
    kind: row.kind,
    secretHash: row.secretHash,
    tokensNotBefore: row.tokensNotBefore?.getTime() ?? 0,
    applicationId: row.applicationId,
    profileId: row.application.profileId,
    ownerId: row.application.ownerId,
    review: row.application.review,
  };
  cacheClient(client, epoch, now + AUTH_CACHE_SECONDS * 1000);
  return client;
}
