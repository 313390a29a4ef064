import { z } from "zod";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { accessibleProfiles } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/caller.ts";
import { formatAmount } from "../money/amount.ts";
import { CURRENCIES, resolveChain, type Currency } from "./registry.ts";
import type { Balances } from "./balance.responses.ts";

const currency = z.enum(
  CURRENCIES.map((c) => c.currency) as [Currency, ...Currency[]],
  "Unknown currency: use eur, usd, gbp or isk",
);

export const balancesQuery = z.object({
  // `?currency=eur&currency=gbp` repeats; absent means eur (CONTRACT §4.13).
  currency: z.union([currency, z.array(currency)]).optional(),
});

/**
 * `GET /balances/{chain}/{address}` (SPEC endpoint 15): token balances of an address linked to a profile the caller
 * may read, from the ledger: the tokens minted there less those burned or held for placed redeem orders (what the
 * address can still redeem). Any other address is 404.
 */
export async function getBalances(options: {
  caller: Caller;
  chain: string;
  address: string;
  currency?: Currency | Currency[];
  config: Config;
}): Promise<Balances> {
  const { caller, config } = options;
  const chain = resolveChain(options.chain, config.environment);
  if (!chain) {
    throw new AppError("VALIDATION", "Validation errors", {
      chain: `${options.chain} is not a chain of this environment`,
    });
  }
  const ids = (await accessibleProfiles(caller)).map((p) => p.id);
  const prisma = await db();
  const linked = await prisma.address.findFirst({
    where: { addressKey: options.address.toLowerCase(), profileId: { in: ids } },
  });
  if (!linked) throw new AppError("NOT_FOUND", "Address not found");
  const currencies = [...new Set([options.currency ?? "eur"].flat())];
  const accounts = await prisma.ledgerAccount.findMany({
    where: { kind: "wallet", chain: chain.name, addressKey: linked.addressKey, currency: { in: currencies } },
    select: { currency: true, balanceMinor: true },
  });
  const balances = currencies.map((c) => ({
    currency: c,
    amount: formatAmount(accounts.find((a) => a.currency === c)?.balanceMinor ?? 0n),
  }));
  return { id: `${chain.name}:${linked.addressKey}`, address: linked.address, chain: chain.name, balances };
}
