import { getAddress, keccak256, toBytes } from "viem";
import type { Environment } from "../environment.ts";

/**
 * The one place that knows the chains: wire names (CONTRACT §2.1, no hyphens), chain ids, environments, and the
 * token contract of each currency on each chain.
 */

export const CURRENCIES = [
  { currency: "eur", ticker: "EUR", symbol: "EURe" },
  { currency: "gbp", ticker: "GBP", symbol: "GBPe" },
  { currency: "usd", ticker: "USD", symbol: "USDe" },
  { currency: "isk", ticker: "ISK", symbol: "ISKe" },
] as const;
export type Currency = (typeof CURRENCIES)[number]["currency"];

export type ChainInfo = {
  name: string;
  label: string;
  environment: Environment;
  family: "evm" | "cosmos";
  /** EVM chain id, or the Cosmos chain id. */
  chainId: number | string;
  /** In sandbox, the production chain this testnet stands for (the SDK may send either name). */
  mainnet?: string;
};

export const CHAINS: readonly ChainInfo[] = [
  { name: "ethereum", label: "Ethereum", environment: "production", family: "evm", chainId: 1 },
  { name: "gnosis", label: "Gnosis", environment: "production", family: "evm", chainId: 100 },
  { name: "polygon", label: "Polygon", environment: "production", family: "evm", chainId: 137 },
  { name: "arbitrum", label: "Arbitrum", environment: "production", family: "evm", chainId: 42161 },
  { name: "linea", label: "Linea", environment: "production", family: "evm", chainId: 59144 },
  { name: "base", label: "Base", environment: "production", family: "evm", chainId: 8453 },
  { name: "noble", label: "Noble", environment: "production", family: "cosmos", chainId: "noble-1" },
  { name: "sepolia", label: "Sepolia", environment: "sandbox", family: "evm", chainId: 11155111, mainnet: "ethereum" },
  { name: "chiado", label: "Chiado", environment: "sandbox", family: "evm", chainId: 10200, mainnet: "gnosis" },
  { name: "amoy", label: "Amoy", environment: "sandbox", family: "evm", chainId: 80002, mainnet: "polygon" },
  {
    name: "arbitrumsepolia",
    label: "Arbitrum Sepolia",
    environment: "sandbox",
    family: "evm",
    chainId: 421614,
    mainnet: "arbitrum",
  },
  {
    name: "lineasepolia",
    label: "Linea Sepolia",
    environment: "sandbox",
    family: "evm",
    chainId: 59141,
    mainnet: "linea",
  },
  {
    name: "basesepolia",
    label: "Base Sepolia",
    environment: "sandbox",
    family: "evm",
    chainId: 84532,
    mainnet: "base",
  },
  {
    name: "grand",
    label: "Noble Grand",
    environment: "sandbox",
    family: "cosmos",
    chainId: "grand-1",
    mainnet: "noble",
  },
];

export function chainsOf(environment: Environment): ChainInfo[] {
  return CHAINS.filter((c) => c.environment === environment);
}

const EVM_DECIMALS = 18;
const COSMOS_DECIMALS = 6;
const evmTokenAddresses = new Map<string, string>();

/**
 * Token contract of `currency` on `chain`. EVM contracts are derived deterministically per chain and currency, so
 * every instance lists the same sandbox tokens; Cosmos tokens are bank denominations (`ueure`, …).
 */
export function tokenContract(chain: ChainInfo, currency: Currency): { address: string; decimals: number } {
  if (chain.family === "cosmos") return { address: `u${currency}e`, decimals: COSMOS_DECIMALS };
  // Two Keccak hashes each time (the address and its checksum), asked for every order a bank file mints: derived once.
  const name = `tokenrail:token:${chain.chainId}:${currency}`;
  let address = evmTokenAddresses.get(name);
  if (address === undefined) {
    address = getAddress(`0x${keccak256(toBytes(name)).slice(-40)}`);
    evmTokenAddresses.set(name, address);
  }
  return { address, decimals: EVM_DECIMALS };
}

/**
 * The chain of `environment` a wire name stands for. In sandbox the production names are accepted too and mean
 * their testnet: the published SDK may send either (CONTRACT §2.1).
 */
export function resolveChain(name: string, environment: Environment): ChainInfo | undefined {
  const own = CHAINS.find((c) => c.environment === environment && c.name === name);
  if (own || environment !== "sandbox") return own;
  return CHAINS.find((c) => c.environment === "sandbox" && c.mainnet === name);
}

export function isKnownChain(name: string, environment: Environment): boolean {
  return resolveChain(name, environment) !== undefined;
}

/**
 * The chain of `environment` an EVM chain id names. In sandbox a production id stands for its testnet, as the
 * production names do (the SDK may sign with either).
 */
export function chainForEvmId(chainId: number, environment: Environment): string | undefined {
  const chain = CHAINS.find((c) => c.family === "evm" && c.chainId === chainId);
  if (!chain) return undefined;
  if (chain.environment === environment) return chain.name;
  if (environment === "sandbox") return CHAINS.find((c) => c.mainnet === chain.name)?.name;
  return undefined;
}
