import type { Prisma } from "../generated/prisma/client.ts";

/**
 * A narrower run over pending on-chain signatures: one account, e.g. right after the sandbox chain emitted for it;
 * with `profileIds`, only what waits for those profiles (what the application that made the account sign may act on).
 */
export type PendingScope = { chain: string; addressKey: string; profileIds?: string[] };

export function pendingWhere(scope: PendingScope | undefined): Prisma.PendingSignatureWhereInput {
  if (!scope) return {};
  const { chain, addressKey, profileIds } = scope;
  return { chain, addressKey, ...(profileIds ? { profileId: { in: profileIds } } : {}) };
}
