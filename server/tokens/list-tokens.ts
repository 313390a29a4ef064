import { chainsOf, CURRENCIES, tokenContract } from "../chains/registry.ts";
import type { Environment } from "../environment.ts";
import type { Token } from "./token.responses.ts";

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
