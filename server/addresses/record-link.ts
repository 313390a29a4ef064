import type { Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import type { LinkedAddress } from "./address.responses.ts";

export type { LinkedAddress };

/**
 * Links `address` to the profile on `chain` inside `tx`. One profile per address, whatever the chain: links of the
 * same address wait for each other. Linking what is already linked to the same profile answers with the first link.
 */
export async function recordLink(
  tx: Prisma.TransactionClient,
  options: { profileId: string; address: string; chain: string; linkedById: string | null; now: Date },
): Promise<LinkedAddress> {
  const { profileId, address, chain, linkedById, now } = options;
  const addressKey = address.toLowerCase();
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`address:${addressKey}`}))`;
  const links = await tx.address.findMany({ where: { addressKey } });
  if (links.some((l) => l.profileId !== profileId)) {
    throw new AppError("VALIDATION", "Address is linked to another profile", {
      address: "is already linked to another profile",
    });
  }
  const row =
    links.find((l) => l.chain === chain) ??
    (await tx.address.create({ data: { profileId, address, addressKey, chain, linkedById, linkedAt: now } }));
  return {
    profile: row.profileId,
    address: row.address,
    state: "linked",
    meta: { linkedBy: row.linkedById, linkedAt: row.linkedAt.toISOString() },
  };
}
