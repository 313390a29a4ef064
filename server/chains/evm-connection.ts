import {
  createPublicClient,
  createWalletClient,
  getAddress,
  defineChain,
  http,
  type Chain,
  type Hex,
  type LocalAccount,
} from "viem";
import { failure } from "./evm-errors.ts";
import { tokenContract, type ChainInfo, type Currency } from "./registry.ts";

export type EvmChainSettings = {
  /** JSON-RPC over HTTP(S). May carry an API key: it never appears in errors. */
  rpcUrl: string;
  /** Token contracts by currency; the registry's deterministic (sandbox) address for currencies not named. */
  tokens?: Partial<Record<Currency, Hex>>;
  /** First block searched for SignMsg events (default 0). */
  startBlock?: bigint;
};

/** Clients for one chain, made on first use; `checked` remembers that the endpoint serves the expected chain id. */
export type Connection = ReturnType<typeof connect> & {
  settings: EvmChainSettings;
  checked?: Promise<void>;
  /** Token contracts seen to have code. */
  deployed: Set<Hex>;
};

function connect(chain: Chain, rpcUrl: string, account: LocalAccount, pollingInterval: number) {
  const transport = http(rpcUrl);
  return {
    reader: createPublicClient({ chain, transport, pollingInterval }),
    writer: createWalletClient({ chain, transport, account, pollingInterval }),
  };
}

/** The gateway's connections, one per chain, each checked once to serve the chain it is named for. */
export class EvmConnections {
  private readonly open = new Map<string, Connection>();

  constructor(
    private readonly chains: Record<string, EvmChainSettings>,
    private readonly account: LocalAccount,
    private readonly pollingInterval: number,
  ) {}

  /** The chain's clients, once its endpoint has been seen to serve that chain: a wrong URL must not mint elsewhere. */
  async get(chain: ChainInfo): Promise<Connection> {
    const chainId = evmChainId(chain);
    let c = this.open.get(chain.name);
    if (!c) {
      const settings = this.chains[chain.name];
      if (!settings) {
        throw new Error(`${chain.name} has no JSON-RPC endpoint (TOKENRAIL_EVM_RPC_${chain.name.toUpperCase()})`);
      }
      const viemChain = defineChain({
        id: chainId,
        name: chain.label,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [settings.rpcUrl] } },
      });
      c = { ...connect(viemChain, settings.rpcUrl, this.account, this.pollingInterval), settings, deployed: new Set() };
      this.open.set(chain.name, c);
    }
    c.checked ??= servesChain(c, chain.name, chainId);
    try {
      await c.checked;
    } catch (error) {
      c.checked = undefined;
      throw error;
    }
    return c;
  }
}

/**
 * A transaction to an address without code succeeds and does nothing, and so does its simulation: a mistyped token
 * address would mint nothing while reporting success.
 */
export async function hasCode(c: Connection, address: Hex, what: string): Promise<void> {
  if (c.deployed.has(address)) return;
  let code: Hex | undefined;
  try {
    code = await c.reader.getCode({ address });
  } catch (error) {
    throw failure(what, error, c.settings.rpcUrl);
  }
  if (!code || code === "0x") throw new Error(`${what}: no contract answers at ${address}`);
  c.deployed.add(address);
}

async function servesChain(c: Connection, name: string, chainId: number): Promise<void> {
  let served: number;
  try {
    served = await c.reader.getChainId();
  } catch (error) {
    throw failure(`chain id of ${name}`, error, c.settings.rpcUrl);
  }
  if (served !== chainId) throw new Error(`the JSON-RPC endpoint of ${name} serves chain id ${served}, not ${chainId}`);
}

export function evmChainId(chain: ChainInfo): number {
  if (chain.family !== "evm" || typeof chain.chainId !== "number") {
    throw new Error(`${chain.label} is a Cosmos chain: the EVM chain gateway reaches EVM chains only`);
  }
  return chain.chainId;
}

/** A token's contract on a chain: the one configured for the currency, or the registry's; its decimals. */
export function tokenOf(chain: ChainInfo, c: Connection, currency: Currency): { address: Hex; decimals: number } {
  const registered = tokenContract(chain, currency);
  return { address: c.settings.tokens?.[currency] ?? getAddress(registered.address), decimals: registered.decimals };
}
