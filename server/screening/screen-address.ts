import type { Prisma } from "../generated/prisma/client.ts";
import { openCase, type CaseHit, type CaseHold } from "./cases/open-case.ts";
import { addressKey, type ScreeningIndex } from "./match/screening-index.ts";
import type { ScreeningSubject } from "./screening-subjects.ts";

/**
 * A wallet address's hits on the lists' addresses: exact and case-blind (an EVM address checksummed or in lower case
 * is one address), each a case hit of score 1 that names the address as the list writes it.
 */
export function addressHits(index: ScreeningIndex, address: string): CaseHit[] {
  return index.screenAddress(address).map((hit) => ({
    source: hit.source,
    entry: hit.entry,
    score: 1,
    explanation: { address: hit.address, currency: hit.currency, match: "exact, case-blind" },
  }));
}

/** The address as a case's subject, in its compared form, so its casing never makes a second case. */
export function addressSubject(address: string): ScreeningSubject {
  return { kind: "address", query: { name: addressKey(address), kind: "entity" } };
}

/** Opens (once) a case for each hit on `address`; returns how many this call opened. In the caller's transaction. */
export async function openAddressCases(
  tx: Prisma.TransactionClient,
  options: { profileId: string; address: string; hits: CaseHit[]; hold: CaseHold; now: Date },
): Promise<number> {
  let opened = 0;
  const subject = addressSubject(options.address);
  for (const hit of options.hits) {
    const outcome = await openCase(tx, { ...options, subject, hit });
    if (outcome?.opened) opened++;
  }
  return opened;
}
