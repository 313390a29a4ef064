import { z } from "zod";
import { CHAINS, CURRENCIES, type Currency } from "./registry.ts";

const CHAIN_NAMES = CHAINS.map((c) => c.name) as [string, ...string[]];
const CURRENCY_VALUES = CURRENCIES.map((c) => c.currency) as [Currency, ...Currency[]];

/** A chain's wire name as answers carry it: always the resolved name, never a production alias in sandbox. */
export const chainNameResponse = z
  .enum(CHAIN_NAMES)
  .meta({ id: "Chain", description: 'A chain\'s wire name (SPEC "Chain")', example: "sepolia" });

/** A currency as answers carry it (SPEC "Currency"). */
export const currencyResponse = z.enum(CURRENCY_VALUES).meta({ id: "Currency" });

/** A token amount as answers carry it: a decimal string with two decimals (`formatAmount`), never negative. */
export const amountResponse = z
  .string()
  .regex(/^[0-9]+\.[0-9]{2}$/)
  .meta({ example: "123.45" });

/** An EVM address as its owner wrote it (requests are checked against this pattern). */
export const evmAddressResponse = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
