import { createPublicClient, createWalletClient, defineChain, http, parseAbi, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { chainsOf, CURRENCIES } from "../../server/chains/registry.ts";
import { compileContracts } from "../../server/chains/devnet/compile-contracts.ts";
import { startDevnet, type Devnet } from "../../server/chains/devnet/devnet.ts";

const TOKEN_CONSTRUCTOR = parseAbi(["constructor(string name_, string symbol_, address issuer)"]);

export type LocalChains = {
  /** What the server needs to run its EVM gateway against the devnets (a secret among them: the issuer key). */
  env: Record<string, string>;
  /** One line per chain, for people: its name, chain id and JSON-RPC URL. */
  summary: string[];
  close(): Promise<void>;
};

/** One local chain with the issuer funded and its token contracts deployed. */
export type IssuerChain = {
  devnet: Devnet;
  /** The issuer token of each currency, by ticker (`EUR`). */
  tokens: Record<string, Address>;
  /** The server's settings for this chain: its JSON-RPC URL and token addresses (`TOKENRAIL_EVM_*_<CHAIN>…`). */
  env: Record<string, string>;
};

/**
 * A local EVM chain (Hardhat's EDR, in this process) posing as the registry's chain `name` with `chainId`: the
 * issuer holds ether for gas, and the issuer token of every currency is deployed with the issuer as its minter.
 * `bytecode` lets a caller that starts several chains compile the contracts once.
 */
export async function startIssuerChain(options: {
  name: string;
  label: string;
  chainId: number;
  issuerKey: Hex;
  bytecode?: Hex;
}): Promise<IssuerChain> {
  const bytecode = options.bytecode ?? compileContracts().IssuerToken;
  if (!bytecode) throw new Error("The devnet contracts have no IssuerToken");
  const issuer = privateKeyToAccount(options.issuerKey);
  const devnet = await startDevnet({ chainId: options.chainId, funded: [issuer.address] });
  try {
    const viemChain = defineChain({
      id: options.chainId,
      name: options.label,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [devnet.url] } },
    });
    const transport = http(devnet.url);
    const reader = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
    const wallet = createWalletClient({ chain: viemChain, transport, account: issuer });
    const name = options.name.toUpperCase();
    const env: Record<string, string> = { [`TOKENRAIL_EVM_RPC_${name}`]: devnet.url };
    const tokens: Record<string, Address> = {};
    for (const currency of CURRENCIES) {
      const hash = await wallet.deployContract({
        abi: TOKEN_CONSTRUCTOR,
        bytecode,
        args: [`Tokenrail ${currency.ticker}`, currency.symbol, issuer.address],
      });
      const { contractAddress } = await reader.waitForTransactionReceipt({ hash });
      if (!contractAddress) throw new Error(`${options.name}: the ${currency.symbol} token was not deployed`);
      tokens[currency.ticker] = contractAddress;
      env[`TOKENRAIL_EVM_TOKEN_${name}_${currency.ticker}`] = contractAddress;
    }
    return { devnet, tokens, env };
  } catch (error) {
    await devnet.close();
    throw error;
  }
}

/**
 * `npm start` with `TOKENRAIL_DEVNET=true`: every EVM chain of the sandbox as a local chain (`startIssuerChain`),
 * JSON-RPC over HTTP on 127.0.0.1, with an issuer key made for this run. The server then mints and burns with real
 * transactions, as in production.
 */
export async function startLocalChains(): Promise<LocalChains> {
  const bytecode = compileContracts().IssuerToken;
  const issuerKey = generatePrivateKey();
  const env: Record<string, string> = { TOKENRAIL_CHAIN_GATEWAY: "evm", TOKENRAIL_EVM_ISSUER_KEY: issuerKey };
  const summary: string[] = [];
  const devnets: Devnet[] = [];
  try {
    for (const chain of chainsOf("sandbox").filter((c) => c.family === "evm")) {
      const chainId = Number(chain.chainId);
      const started = await startIssuerChain({ name: chain.name, label: chain.label, chainId, issuerKey, bytecode });
      devnets.push(started.devnet);
      Object.assign(env, started.env);
      summary.push(`${chain.name} (chain id ${chainId}) at ${started.devnet.url}`);
    }
  } catch (error) {
    await Promise.all(devnets.map((d) => d.close()));
    throw error;
  }
  return { env, summary, close: () => Promise.all(devnets.map((d) => d.close())).then(() => undefined) };
}
