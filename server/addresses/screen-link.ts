import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { currentIndex } from "../screening/current-index.ts";
import { addressKey } from "../screening/match/screening-index.ts";
import { addressHits, openAddressCases } from "../screening/screen-address.ts";

/**
 * Tipping-off: the refusal says neither that nor which list names the address, so it reads like any other refusal.
 * The compliance officer reads why in the case.
 */
export const LISTED_ADDRESS_REFUSAL = "This address cannot be linked";

/** Whether `address` is on a list the instance screens against, as case hits (none: it may be linked). */
export async function listedAddressHits(address: string) {
  return addressHits(await currentIndex(), address);
}

/**
 * Refuses to link an address a sanctions list names (C64): a case is opened against the profile, holding the
 * address (`holds: "address"`, the address in its compared form), and committed before the refusal, which says only
 * that the address cannot be linked.
 */
export async function refuseListedAddress(options: { profileId: string; address: string; now: Date }): Promise<void> {
  const hits = await listedAddressHits(options.address);
  if (hits.length === 0) return;
  const prisma = await db();
  await prisma.$transaction((tx) =>
    openAddressCases(tx, {
      profileId: options.profileId,
      address: options.address,
      hits,
      hold: { holds: "address", holdsId: addressKey(options.address) },
      now: options.now,
    }),
  );
  throw new AppError("FORBIDDEN", LISTED_ADDRESS_REFUSAL);
}
