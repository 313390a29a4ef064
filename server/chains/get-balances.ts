import { z } from "zod";
import type { Hex } from "viem";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { accessibleProfiles } from "../oauth/accessible-profiles.ts";
import type { Caller } from "../oauth/authenticate-bearer.ts";
import { chainGateway } from "./configured-gateway.ts";
import { formatTokenAmount } from "./format-amount.ts";
import { CURRENCIES, resolveChain, type Currency } from "./registry.ts";

const currency = z.enum(
  CURRENCIES.map((c) => c.currency) as [Currency, ...Currency[]],
  "Unknown currency: use eur, usd, gbp or isk",
);

export const balancesQuery = z.object({
  // `?currency=eur&currency=gbp` repeats; absent means eur (CONTRACT §4.13).
  currency: z.union([currency, z.array(currency)]).optional(),
});

export type Balances = {
  id: string;
  address: string;
  chain: string;
  balances: { currency: Currency; amount: string }[];
};

/**
 * `GET /balances/{chain}/{address}` (SPEC endpoint 15): token balances of an address linked to a profile the caller
 * may read, from the chain (the sandbox chain in the embedded default). Any other address is 404.
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
  const gateway = chainGateway(config);
  const balances = await Promise.all(
    currencies.map(async (c) => ({
      currency: c,
      amount: formatTokenAmount(await gateway.balanceOf(chain, c, linked.address as Hex)),
    })),
  );
  return { id: `${chain.name}:${linked.addressKey}`, address: linked.address, chain: chain.name, balances };
}
