import type { Hex } from "viem";
import { chainGateway } from "../chains/configured-gateway.ts";
import { resolveChain } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { pendingWhere, type PendingScope } from "../signatures/pending-scope.ts";
import { isAppError } from "../errors.ts";
import { addressKey } from "../screening/match/screening-index.ts";
import { openAddressCases } from "../screening/screen-address.ts";
import { recordLink } from "./record-link.ts";
import { listedAddressHits } from "./screen-link.ts";

/**
 * Completes address links waiting for an on-chain signature: each pending `linkAddress` whose account has emitted
 * `SignMsg(msgHash)` is linked, once (the pending row is claimed with a conditional update, so several instances may
 * run this together). `only` narrows the run to one account (and its callers' profiles, `pending-scope.ts`).
 * An address a sanctions list names by then is not linked (C64): its request is closed and a case opened instead.
 */
export async function completePendingLinks(options: {
  config: Config;
  clock?: Clock;
  only?: PendingScope;
}): Promise<number> {
  const { config, clock = serverClock, only } = options;
  const now = clock();
  const prisma = await db();
  const waiting = await prisma.pendingSignature.findMany({
    where: { kind: "linkAddress", completedAt: null, expiresAt: { gt: now }, ...pendingWhere(only) },
    orderBy: { createdAt: "asc" },
    take: 100,
  });
  const gateway = chainGateway(config);
  let completed = 0;
  for (const pending of waiting) {
    const chain = resolveChain(pending.chain, config.environment);
    if (!chain || !(await gateway.hasSignedMessage(chain, pending.address as Hex, pending.msgHash as Hex))) continue;
    const hits = await listedAddressHits(pending.address);
    try {
      const linked = await prisma.$transaction(async (tx) => {
        const { count } = await tx.pendingSignature.updateMany({
          where: { id: pending.id, completedAt: null },
          data: { completedAt: now },
        });
        if (count !== 1) return false;
        if (hits.length > 0) {
          await openAddressCases(tx, {
            profileId: pending.profileId,
            address: pending.address,
            hits,
            hold: { holds: "address", holdsId: addressKey(pending.address) },
            now,
          });
          return false;
        }
        await recordLink(tx, {
          profileId: pending.profileId,
          address: pending.address,
          chain: pending.chain,
          linkedById: pending.requestedById,
          now,
        });
        return true;
      });
      if (linked) completed++;
    } catch (error) {
      // Linked to another profile meanwhile: this request can never complete; it stays pending until it expires.
      if (!isAppError(error)) throw error;
    }
  }
  return completed;
}
