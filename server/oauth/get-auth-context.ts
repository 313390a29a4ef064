import { db } from "../db/client.ts";
import { serverClock, type Clock } from "../clock.ts";
import { AUTH_CACHE_SECONDS, authCache, authEpoch, cacheable, callerTags } from "./auth-cache.ts";
import { accessibleProfiles } from "./accessible-profiles.ts";
import { notAuthenticated } from "./authenticate-bearer.ts";
import { CLIENT_CREDENTIALS, type Caller } from "./caller.ts";
import type { AuthContext } from "./context.schemas.ts";
import { publicProfileState } from "../profiles/public-state.ts";
import { openEmail, openName } from "../users/user-email.ts";

/**
 * SPEC endpoint 4. A client-credentials caller acts for its application: the user is the person who registered it
 * and the profiles are the application's own. A user's token lists the profiles that user may access.
 */
export async function getAuthContext(caller: Caller, clock: Clock = serverClock): Promise<AuthContext> {
  const now = clock().getTime();
  const cached = authCache().contexts.get(caller.tokenId, now);
  if (cached) return cached;
  const epoch = authEpoch();
  const context = await readAuthContext(caller);
  if (cacheable(epoch)) {
    authCache().contexts.set(caller.tokenId, context, now + AUTH_CACHE_SECONDS * 1000, [
      ...callerTags(caller),
      ...context.profiles.map((p) => `profile:${p.id}`),
    ]);
  }
  return context;
}

async function readAuthContext(caller: Caller): Promise<AuthContext> {
  const prisma = await db();
  const [user, profiles] = await Promise.all([
    prisma.user.findUnique({ where: { id: caller.userId }, select: { email: true, name: true, roles: true } }),
    accessibleProfiles(caller),
  ]);
  if (!user) throw notAuthenticated();
  return {
    userId: caller.userId,
    email: openEmail(user.email),
    name: openName(user.name),
    roles: user.roles,
    auth: {
      method: caller.grantType === CLIENT_CREDENTIALS ? "apikey" : "bearer",
      subject: caller.clientId,
      verified: true,
    },
    defaultProfile: caller.profileId,
    profiles: profiles.map((p) => ({ ...p, state: publicProfileState(p.state) })),
  };
}
