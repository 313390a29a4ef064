import { chainsOf, CURRENCIES, tokenContract } from "../chains/registry.ts";
import type { Environment } from "../config.ts";

export type Token = {
  currency: string;
  ticker: string;
  symbol: string;
  chain: string;
  address: string;
  /** A number, as the live service sends it (CONTRACT §4.19), though the OpenAPI declares a string. */
  decimals: number;
};

const lists = new Map<Environment, Token[]>();

/** SPEC endpoint 1: every currency on every chain of the running environment (fixed for the process's life). */
export function listTokens(environment: Environment): Token[] {
  let tokens = lists.get(environment);
  if (!tokens) {
    tokens = chainsOf(environment).flatMap((chain) =>
      CURRENCIES.map((c) => ({ ...c, chain: chain.name, ...tokenContract(chain, c.currency) })),
    );
    lists.set(environment, tokens);
  }
  return tokens;
}
