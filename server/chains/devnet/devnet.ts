import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  ContractDecoder,
  EdrContext,
  GasEstimationMode,
  L1_CHAIN_TYPE,
  l1GenesisState,
  l1HardforkLatest,
  l1HardforkToString,
  l1ProviderFactory,
  MineOrdering,
  type Provider,
} from "@nomicfoundation/edr";
import { hexToBytes, type Hex } from "viem";

/**
 * A local EVM chain for tests: Hardhat's EDR (Rust, in process), served as JSON-RPC over HTTP on 127.0.0.1 so the
 * code under test talks to it exactly as to a node. Blocks are mined as transactions arrive.
 */
export type Devnet = {
  url: string;
  /** A JSON-RPC call, for test steps the gateway does not cover (`evm_mine`). */
  request(method: string, params?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
};

type RpcRequest = { jsonrpc: "2.0"; id: number | string | null; method: string; params?: unknown[] };
type RpcResponse = {
  jsonrpc?: string;
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

let context: Promise<EdrContext> | undefined;

/** EDR wants one context per process. */
function edrContext(): Promise<EdrContext> {
  context ??= (async () => {
    const edr = new EdrContext();
    await edr.registerProviderFactory(L1_CHAIN_TYPE, l1ProviderFactory());
    return edr;
  })();
  return context;
}

/** Starts a chain with `chainId` whose `funded` addresses hold 1,000 ether each. */
export async function startDevnet(options: { chainId: number; funded: Hex[] }): Promise<Devnet> {
  const hardfork = l1HardforkLatest();
  const chainId = BigInt(options.chainId);
  const provider = await (
    await edrContext()
  ).createProvider(
    L1_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      // A failing eth_call is an error, as on a node; a failing transaction is mined with status 0, as on a node.
      bailOnCallFailure: true,
      bailOnTransactionFailure: false,
      chainId,
      coinbase: new Uint8Array(20),
      // Under the per-transaction cap of recent hardforks (EIP-7825: 2^24).
      defaultTransactionGasLimit: 16_000_000n,
      gasEstimationMode: GasEstimationMode.TopLevelSuccess,
      genesisState: [
        ...l1GenesisState(hardfork),
        ...options.funded.map((address) => ({ address: hexToBytes(address), balance: 10n ** 21n })),
      ],
      hardfork: l1HardforkToString(hardfork),
      initialBaseFeePerGas: 1_000_000_000n,
      minGasPrice: 0n,
      mining: { autoMine: true, memPool: { order: MineOrdering.Priority } },
      network: { genesisBlockGasLimit: 30_000_000n },
      networkId: chainId,
      observability: {},
      ownedAccounts: [],
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new ContractDecoder(),
  );

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void answer(provider, Buffer.concat(chunks).toString("utf8")).then((body) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    async request(method, params = []) {
      const response = await call(provider, { jsonrpc: "2.0", id: 1, method, params });
      if (response.error) throw new Error(`${method}: ${response.error.message}`);
      return response.result;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function answer(provider: Provider, body: string): Promise<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
  }
  if (Array.isArray(parsed))
    return JSON.stringify(await Promise.all(parsed.map((r) => call(provider, r as RpcRequest))));
  return JSON.stringify(await call(provider, parsed as RpcRequest));
}

/**
 * One request through EDR, answered as geth does: EDR needs `params` even when empty, and reports a revert as
 * -32000 with its data in an object, where nodes send code 3 "execution reverted" with the revert data as hex.
 */
async function call(provider: Provider, request: RpcRequest): Promise<RpcResponse> {
  const response = await provider.handleRequest(JSON.stringify({ ...request, params: request.params ?? [] }));
  const data: unknown = response.data;
  const parsed = (typeof data === "string" ? JSON.parse(data) : data) as RpcResponse;
  const revert = parsed.error?.data;
  if (revert && typeof revert === "object" && "data" in revert && typeof revert.data === "string") {
    parsed.error = { code: 3, message: "execution reverted", data: revert.data };
  }
  return { ...parsed, jsonrpc: "2.0", id: request.id };
}
