import { createPublicClient, createWalletClient, defineChain, http, parseAbi } from "viem";
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

/**
 * `npm start` with `TOKENRAIL_DEVNET=true`: every EVM chain of the sandbox as a local chain (Hardhat's EDR, in this
 * process, JSON-RPC over HTTP on 127.0.0.1), each with the issuer token of every currency deployed and an issuer key
 * made for this run. The server then mints and burns with real transactions, as in production.
 */
export async function startLocalChains(): Promise<LocalChains> {
  const bytecode = compileContracts().IssuerToken;
  if (!bytecode) throw new Error("The devnet contracts have no IssuerToken");
  const issuerKey = generatePrivateKey();
  const issuer = privateKeyToAccount(issuerKey).address;
  const env: Record<string, string> = { TOKENRAIL_CHAIN_GATEWAY: "evm", TOKENRAIL_EVM_ISSUER_KEY: issuerKey };
  const summary: string[] = [];
  const devnets: Devnet[] = [];
  try {
    for (const chain of chainsOf("sandbox").filter((c) => c.family === "evm")) {
      const chainId = Number(chain.chainId);
      const devnet = await startDevnet({ chainId, funded: [issuer] });
      devnets.push(devnet);
      const viemChain = defineChain({
        id: chainId,
        name: chain.label,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [devnet.url] } },
      });
      const transport = http(devnet.url);
      const reader = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
      const wallet = createWalletClient({ chain: viemChain, transport, account: privateKeyToAccount(issuerKey) });
      const name = chain.name.toUpperCase();
      env[`TOKENRAIL_EVM_RPC_${name}`] = devnet.url;
      for (const currency of CURRENCIES) {
        const hash = await wallet.deployContract({
          abi: TOKEN_CONSTRUCTOR,
          bytecode,
          args: [`Tokenrail ${currency.ticker}`, currency.symbol, issuer],
        });
        const { contractAddress } = await reader.waitForTransactionReceipt({ hash });
        if (!contractAddress) throw new Error(`${chain.name}: the ${currency.symbol} token was not deployed`);
        env[`TOKENRAIL_EVM_TOKEN_${name}_${currency.ticker}`] = contractAddress;
      }
      summary.push(`${chain.name} (chain id ${chainId}) at ${devnet.url}`);
    }
  } catch (error) {
    await Promise.all(devnets.map((d) => d.close()));
    throw error;
  }
  return { env, summary, close: () => Promise.all(devnets.map((d) => d.close())).then(() => undefined) };
}
