import { z } from "zod";
import { resolveChain } from "../chains/registry.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { accessibleProfiles } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { profileForCaller } from "../profiles/profile-access.ts";
import { MAX_ID, quote, tooLong } from "../limits.ts";
import type { AddressList, AddressView } from "./address.responses.ts";

export const listAddressesQuery = z.object({
  profile: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
  chain: z.string().max(MAX_ID, tooLong(MAX_ID)).optional(),
});

/** `GET /addresses` (SPEC endpoint 13): a profile's linked addresses, each with its chains (sorted). */
export async function listAddresses(options: {
  caller: Caller;
  profile?: string;
  chain?: string;
  config: Config;
}): Promise<AddressList> {
  const { caller, config } = options;
  const profile = await profileForCaller(caller, options.profile, "read");
  const chain = options.chain === undefined ? undefined : knownChain(options.chain, config);
  const prisma = await db();
  const rows = await prisma.address.findMany({
    where: { profileId: profile.id, ...(chain ? { chain } : {}) },
    orderBy: [{ linkedAt: "asc" }, { chain: "asc" }],
  });
  return { addresses: group(rows) };
}

/** `GET /addresses/{address}` (SPEC endpoint 14): case-insensitive; an address of a profile out of reach is 404. */
export async function getAddress(options: { caller: Caller; address: string }): Promise<AddressView> {
  const ids = (await accessibleProfiles(options.caller)).map((p) => p.id);
  const prisma = await db();
  const rows = await prisma.address.findMany({
    where: { addressKey: options.address.toLowerCase(), profileId: { in: ids } },
  });
  const [view] = group(rows);
  if (!view) throw new AppError("NOT_FOUND", "Address not found");
  return view;
}

function group(rows: { profileId: string; address: string; addressKey: string; chain: string }[]): AddressView[] {
  const byKey = new Map<string, AddressView>();
  for (const row of rows) {
    const view = byKey.get(row.addressKey) ?? { profile: row.profileId, address: row.address, chains: [] };
    view.chains.push(row.chain);
    byKey.set(row.addressKey, view);
  }
  for (const view of byKey.values()) view.chains.sort();
  return [...byKey.values()];
}

function knownChain(name: string, config: Config): string {
  const chain = resolveChain(name, config.environment);
  if (!chain)
    throw new AppError("VALIDATION", "Validation errors", {
      chain: `${quote(name)} is not a chain of this environment`,
    });
  return chain.name;
}
