import { getAddress, isAddress } from "viem";
import { z } from "zod";
import type { Environment } from "../environment.ts";
import { defineSettings } from "../settings/define-settings.ts";
import { chainsOf, CURRENCIES, type Currency } from "./registry.ts";
import { readSigner, signerVariables, type SignerConfig } from "./signers/signer-settings.ts";

/** An EVM chain reached over JSON-RPC: its endpoint, token contracts that differ from the registry's, log search start. */
export type EvmChainConfig = {
  rpcUrl: string;
  /** Token contracts by currency; currencies not named use the registry's `tokenContract` address. */
  tokens: Partial<Record<Currency, `0x${string}`>>;
  /** First block searched for a Safe's SignMsg events (the deployment's start; searching from 0 costs requests). */
  startBlock: number;
};

/** How chains are reached: the simulated chain in the database, or EVM chains over JSON-RPC with an issuer key. */
export type ChainGatewayConfig =
  | { kind: "sandbox" }
  | {
      kind: "evm";
      /** Who signs as the account allowed to mint and burn: the local key (a secret) or an HSM's token. */
      signer: SignerConfig;
      /** Blocks a mint or burn waits for (1: included in a block). */
      confirmations: number;
      /** Most blocks asked for in one eth_getLogs request. */
      logBlockRange: number;
      /** By chain name; a chain not listed has no RPC endpoint and is refused by the gateway. */
      chains: Record<string, EvmChainConfig>;
    };

const variables = {
  TOKENRAIL_CHAIN_GATEWAY: z.enum(["sandbox", "evm"]).default("sandbox"),
  TOKENRAIL_EVM_ISSUER_KEY: z
    .custom<`0x${string}`>(
      (value) => typeof value === "string" && /^0x[0-9a-fA-F]{64}$/.test(value),
      "must be 0x and 64 hex digits (a secp256k1 private key)",
    )
    .optional(),
  TOKENRAIL_EVM_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(1),
  TOKENRAIL_EVM_LOG_BLOCK_RANGE: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  TOKENRAIL_WALLETCONNECT_PROJECT_ID: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, "must be a WalletConnect (Reown) project id: 32 hex digits")
    .optional(),
  TOKENRAIL_DEVNET: z.enum(["true", "false"]).optional(),
  ...signerVariables,
};

/** The chains: simulated or EVM over JSON-RPC, the local devnet, and WalletConnect on the wallet step. */
export const chainSettings = defineSettings({
  variables,
  read(e, { environment, production, env }, problems) {
    const evm = e.TOKENRAIL_CHAIN_GATEWAY === "evm";
    if (production && !evm) {
      problems.push(
        "TOKENRAIL_CHAIN_GATEWAY: production runs on real chains (evm); the simulated chain is for the sandbox",
      );
    }
    const signer = evm ? readSigner(e, production, problems) : undefined;
    if (e.TOKENRAIL_DEVNET === "true" && production) {
      problems.push("TOKENRAIL_DEVNET: the local devnet is for the sandbox; production runs on real chains");
    }
    if (e.TOKENRAIL_DEVNET === "true" && env.DATABASE_URL) {
      problems.push(
        "TOKENRAIL_DEVNET: the devnet's chains live in memory and start afresh each time; a PostgreSQL database would outlive them (use the embedded one)",
      );
    }
    const chains = evm ? evmChains(env, environment, problems) : {};
    const chainGateway: ChainGatewayConfig =
      evm && signer
        ? {
            kind: "evm",
            signer,
            confirmations: e.TOKENRAIL_EVM_CONFIRMATIONS,
            logBlockRange: e.TOKENRAIL_EVM_LOG_BLOCK_RANGE,
            chains,
          }
        : { kind: "sandbox" };
    return {
      chainGateway,
      /**
       * Offers WalletConnect (a phone wallet pairs by QR code, through WalletConnect's relay) on the wallet step.
       * Unset: browser wallets only, and the instance never contacts the relay.
       */
      walletConnectProjectId: e.TOKENRAIL_WALLETCONNECT_PROJECT_ID?.toLowerCase(),
      /** The chains are `npm start`'s local devnet (in memory, new at each start), not public ones. */
      devnet: e.TOKENRAIL_DEVNET === "true",
    };
  },
});

/** Per-chain settings carry the chain's (and currency's) name: `TOKENRAIL_EVM_TOKEN_SEPOLIA_EUR`. */
const EVM_CHAIN_SETTING = /^TOKENRAIL_EVM_(RPC|START_BLOCK|TOKEN)_([A-Z0-9]+)(?:_([A-Z]+))?$/;
const rpcUrl = z.string().regex(/^https?:\/\/\S+$/, "must be an http:// or https:// JSON-RPC URL");
const blockNumber = z.coerce.number().int().min(0);

/**
 * The EVM gateway's per-chain settings. Their names are checked against the environment's EVM chains and the
 * currencies, so a misspelt variable is refused rather than silently ignored.
 */
function evmChains(env: Record<string, string | undefined>, environment: Environment, problems: string[]) {
  const known = chainsOf(environment).filter((c) => c.family === "evm");
  const chains: Record<string, EvmChainConfig> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || !name.startsWith("TOKENRAIL_EVM_") || name in variables) continue;
    const [, kind, chainName, ticker] = EVM_CHAIN_SETTING.exec(name) ?? [];
    const currency = CURRENCIES.find((c) => c.ticker === ticker)?.currency;
    const chain = known.find((c) => c.name.toUpperCase() === chainName);
    if (!kind || (kind === "TOKEN") !== (currency !== undefined)) {
      problems.push(
        `${name}: not a setting (TOKENRAIL_EVM_RPC_<CHAIN>, _START_BLOCK_<CHAIN>, _TOKEN_<CHAIN>_<EUR|GBP|USD|ISK>)`,
      );
      continue;
    }
    if (!chain) {
      problems.push(
        `${name}: ${environment} has no EVM chain ${chainName} (${known.map((c) => c.name.toUpperCase()).join(", ")})`,
      );
      continue;
    }
    const settings = (chains[chain.name] ??= { rpcUrl: "", tokens: {}, startBlock: 0 });
    if (kind === "RPC") {
      const url = rpcUrl.safeParse(value);
      if (url.success) settings.rpcUrl = url.data;
      else problems.push(`${name}: ${url.error.issues[0]?.message}`);
    } else if (kind === "START_BLOCK") {
      const block = blockNumber.safeParse(value);
      if (block.success) settings.startBlock = block.data;
      else problems.push(`${name}: must be a block number`);
    } else if (currency) {
      if (isAddress(value)) settings.tokens[currency] = getAddress(value);
      else problems.push(`${name}: must be a 0x address (40 hex digits, a valid checksum if mixed-case)`);
    }
  }
  for (const [name, settings] of Object.entries(chains)) {
    const variable = `TOKENRAIL_EVM_RPC_${name.toUpperCase()}`;
    if (!settings.rpcUrl && !(variable in env)) problems.push(`${variable}: required by the other settings of ${name}`);
  }
  if (Object.keys(chains).length === 0) problems.push("TOKENRAIL_EVM_RPC_<CHAIN>: evm needs at least one chain's URL");
  return chains;
}
