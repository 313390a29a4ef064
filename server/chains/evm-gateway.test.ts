import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import {
  concat,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  hashMessage,
  http as httpTransport,
  keccak256,
  parseAbi,
  toBytes,
  type Hex,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { loadConfig } from "../config.ts";
import { EvmChainGateway, evmGatewayFromConfig } from "./evm-gateway.ts";
import { resolveChain, type ChainInfo } from "./registry.ts";
import { compileContracts } from "./devnet/compile-contracts.ts";
import { startDevnet, type Devnet } from "./devnet/devnet.ts";

// The EVM gateway against a local chain (Hardhat's EDR) that runs the contracts in devnet/contracts: an issuer
// token, a Safe-like account with owners, a threshold, SafeMessage hashes, ERC-1271 and SignMsg, and two accounts
// that refuse ERC-1271. The chain carries Sepolia's chain id, so the registry's own `sepolia` entry is used.

function chain(name: string): ChainInfo {
  const found = resolveChain(name, "sandbox");
  assert.ok(found, name);
  return found;
}
const sepolia = chain("sepolia");
const chiado = chain("chiado");
const amoy = chain("amoy");
const grand = chain("grand");

const key = (byte: string): Hex => `0x${byte.repeat(32)}`;
const ISSUER_KEY = key("11");
const ISSUER = privateKeyToAccount(ISSUER_KEY).address;
const deployer = privateKeyToAccount(key("12"));
const owners = [key("21"), key("22"), key("23")].map((k) => privateKeyToAccount(k));
const stranger = privateKeyToAccount(key("31"));
const HOLDER: Hex = "0x1111111111111111111111111111111111111111";
const TEXT = "I hereby declare that I am the address owner.";
const EUR = (n: bigint) => n * 10n ** 18n;

const SAFE_ABI = parseAbi([
  "constructor(address[] owners, uint256 threshold)",
  "function getMessageHash(bytes message) view returns (bytes32)",
  "function signMessage(bytes message)",
]);
const TOKEN_CONSTRUCTOR = parseAbi(["constructor(string name, string symbol, address issuer)"]);
const NO_CONSTRUCTOR = parseAbi(["constructor()"]);

let devnet: Devnet;
let gateway: EvmChainGateway;
const devChain = (url: string) =>
  defineChain({
    id: 11155111,
    name: "devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
let reader: ReturnType<typeof createPublicClient>;
let token: Hex;
let safe: Hex;
let reverting: Hex;
let wrongMagic: Hex;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-evm-"));

before(async () => {
  const bytecode = compileContracts();
  devnet = await startDevnet({
    chainId: 11155111,
    funded: [ISSUER, deployer.address, ...owners.map((o) => o.address)],
  });
  const viemChain = devChain(devnet.url);
  reader = createPublicClient({ chain: viemChain, transport: httpTransport(devnet.url), pollingInterval: 50 });
  const wallet = createWalletClient({ chain: viemChain, transport: httpTransport(devnet.url), account: deployer });
  const deploy = async (hash: Promise<Hex>) => {
    const { contractAddress } = await reader.waitForTransactionReceipt({ hash: await hash });
    assert.ok(contractAddress);
    return contractAddress;
  };
  const code = (name: string) => {
    const found = bytecode[name];
    assert.ok(found, name);
    return found;
  };
  token = await deploy(
    wallet.deployContract({
      abi: TOKEN_CONSTRUCTOR,
      bytecode: code("IssuerToken"),
      args: ["Tokenrail EUR", "EURe", ISSUER],
    }),
  );
  safe = await deploy(
    wallet.deployContract({
      abi: SAFE_ABI,
      bytecode: code("SafeLikeAccount"),
      args: [owners.map((o) => o.address), 2n],
    }),
  );
  reverting = await deploy(wallet.deployContract({ abi: NO_CONSTRUCTOR, bytecode: code("RevertingAccount") }));
  wrongMagic = await deploy(wallet.deployContract({ abi: NO_CONSTRUCTOR, bytecode: code("WrongMagicAccount") }));

  // Through the configuration, as an instance would build it.
  gateway = evmGatewayFromConfig(
    loadConfig({
      TOKENRAIL_DATA_DIR: dataDir,
      TOKENRAIL_CHAIN_GATEWAY: "evm",
      TOKENRAIL_EVM_ISSUER_KEY: ISSUER_KEY,
      TOKENRAIL_EVM_RPC_SEPOLIA: devnet.url,
      TOKENRAIL_EVM_TOKEN_SEPOLIA_EUR: token,
      // Another chain's name on this devnet: the gateway must notice.
      TOKENRAIL_EVM_RPC_CHIADO: devnet.url,
    }),
  );
});

after(async () => {
  await devnet.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Owners' signatures as a Safe takes them: 65 bytes each, in ascending order of owner address. */
async function signatures(signers: PrivateKeyAccount[], hash: Hex, order: "ascending" | "as given" = "ascending") {
  const sorted =
    order === "ascending"
      ? [...signers].sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1))
      : signers;
  return concat(await Promise.all(sorted.map((s) => s.sign({ hash }))));
}

describe("EVM chain gateway: tokens", () => {
  it("mints, reports the balance in units with the token's decimals, and burns", async () => {
    assert.deepEqual(await gateway.balanceOf(sepolia, "eur", HOLDER), { units: 0n, decimals: 18 });
    const { txHash } = await gateway.mint(sepolia, "eur", HOLDER, EUR(150n));
    const receipt = await reader.getTransactionReceipt({ hash: txHash });
    assert.equal(receipt.status, "success");
    assert.equal(receipt.to?.toLowerCase(), token.toLowerCase());
    assert.deepEqual(await gateway.balanceOf(sepolia, "eur", HOLDER), { units: EUR(150n), decimals: 18 });

    await gateway.burn(sepolia, "eur", HOLDER, EUR(40n));
    assert.deepEqual(await gateway.balanceOf(sepolia, "eur", HOLDER), { units: EUR(110n), decimals: 18 });
  });

  it("sends concurrent mints from the one issuer account without nonce clashes", async () => {
    const holder = stranger.address;
    const sent = await Promise.all([1n, 2n, 3n].map((n) => gateway.mint(sepolia, "eur", holder, n)));
    assert.equal(new Set(sent.map((s) => s.txHash)).size, 3);
    assert.equal((await gateway.balanceOf(sepolia, "eur", holder)).units, 6n);
  });

  it("refuses to burn more than the holder has, and the balance stays", async () => {
    await assert.rejects(
      gateway.burn(sepolia, "eur", HOLDER, EUR(111n)),
      new RegExp(`^Error: burn eur on sepolia: ${HOLDER} holds ${EUR(110n)} units, fewer than ${EUR(111n)}$`),
    );
    assert.equal((await gateway.balanceOf(sepolia, "eur", HOLDER)).units, EUR(110n));
  });

  it("passes on the token's refusal before sending: another account may not mint", async () => {
    const impostor = new EvmChainGateway({
      issuerKey: key("31"),
      chains: { sepolia: { rpcUrl: devnet.url, tokens: { eur: token } } },
    });
    await assert.rejects(
      impostor.mint(sepolia, "eur", HOLDER, 1n),
      /^Error: mint 1 units of eur on sepolia: caller is not the issuer$/,
    );
    await assert.rejects(impostor.mint(sepolia, "eur", HOLDER, 0n), /units must be positive/);
  });

  it("says so when no token contract is deployed at a currency's address, and mints nothing there", async () => {
    await assert.rejects(
      gateway.mint(sepolia, "gbp", HOLDER, 1n),
      /^Error: mint 1 units of gbp on sepolia: no contract answers at 0x[0-9a-fA-F]{40}$/,
    );
    await assert.rejects(
      gateway.balanceOf(sepolia, "gbp", HOLDER),
      /^Error: balanceOf gbp on sepolia: no contract answers at 0x[0-9a-fA-F]{40}$/,
    );
  });

  it("waits for the configured number of confirmations", async () => {
    const patient = new EvmChainGateway({
      issuerKey: ISSUER_KEY,
      confirmations: 2,
      pollingIntervalMs: 20,
      chains: { sepolia: { rpcUrl: devnet.url, tokens: { eur: token } } },
    });
    const before = await reader.getBlockNumber({ cacheTime: 0 });
    let settled = false;
    const minting = patient.mint(sepolia, "eur", HOLDER, 1n).finally(() => (settled = true));
    for (
      let tries = 0;
      !settled && (await reader.getBlockNumber({ cacheTime: 0 })) === before && tries < 100;
      tries++
    ) {
      await sleep(20);
    }
    await sleep(200);
    assert.equal(settled, false, "included in one block, which is not two confirmations");
    await devnet.request("evm_mine");
    await minting;
  });
});

describe("EVM chain gateway: Safe signatures", () => {
  it("computes the SafeMessage hash the account computes, per EIP-712", async () => {
    const hash = await gateway.safeMessageHash(sepolia, safe, TEXT);
    const onChain = await reader.readContract({
      address: safe,
      abi: SAFE_ABI,
      functionName: "getMessageHash",
      args: [hashMessage(TEXT)],
    });
    assert.equal(hash, onChain);

    const domainSeparator = keccak256(
      encodeAbiParameters(
        [{ type: "bytes32" }, { type: "uint256" }, { type: "address" }],
        [keccak256(toBytes("EIP712Domain(uint256 chainId,address verifyingContract)")), 11155111n, safe],
      ),
    );
    const structHash = keccak256(
      encodeAbiParameters(
        [{ type: "bytes32" }, { type: "bytes32" }],
        [keccak256(toBytes("SafeMessage(bytes message)")), keccak256(hashMessage(TEXT))],
      ),
    );
    assert.equal(hash, keccak256(concat(["0x1901", domainSeparator, structHash])));
    assert.notEqual(await gateway.safeMessageHash(chiado, safe, TEXT), hash, "the chain id is part of the domain");
  });

  it("accepts owners' signatures that meet the threshold, and nothing less", async () => {
    const safeHash = await gateway.safeMessageHash(sepolia, safe, TEXT);
    const dataHash = hashMessage(TEXT);
    const [first, second, third] = owners as [PrivateKeyAccount, PrivateKeyAccount, PrivateKeyAccount];
    const cases: [string, Hex, boolean][] = [
      ["two of three owners", await signatures([first, second], safeHash), true],
      ["two other owners", await signatures([second, third], safeHash), true],
      ["one owner", await signatures([first], safeHash), false],
      ["an owner and a stranger", await signatures([first, stranger], safeHash), false],
      ["owners out of order", await signatures([first, second], safeHash).then(reverse), false],
      ["owners signing another message", await signatures([first, second], hashMessage("other")), false],
      ["no signature, nothing signed on chain", "0x", false],
    ];
    for (const [title, signature, valid] of cases) {
      assert.equal(await gateway.isValidSignature(sepolia, safe, dataHash, signature), valid, title);
    }
  });

  it("takes every other answer as not valid: no code, a revert, a wrong magic value, no such function", async () => {
    const signature = await signatures(owners.slice(0, 2), hashMessage(TEXT));
    for (const [title, account] of [
      ["an address without code", HOLDER],
      ["a reverting contract", reverting],
      ["a contract answering another value", wrongMagic],
      ["a contract without isValidSignature", token],
    ] as const) {
      assert.equal(await gateway.isValidSignature(sepolia, account, hashMessage(TEXT), signature), false, title);
    }
  });

  it("fails, rather than answering false, when the node cannot be reached, and never names its URL", async () => {
    const down = http.createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(down.address() as AddressInfo).port}/v3/SECRET-API-KEY`;
    try {
      const unreachable = new EvmChainGateway({ issuerKey: ISSUER_KEY, chains: { sepolia: { rpcUrl: url } } });
      await assert.rejects(unreachable.isValidSignature(sepolia, safe, hashMessage(TEXT), "0x"), (error: Error) => {
        assert.match(error.message, /^chain id of sepolia: HTTP request failed/);
        assert.doesNotMatch(error.message, /SECRET-API-KEY/);
        return true;
      });
    } finally {
      down.close();
    }
  });

  it("finds SignMsg only once the account has signed the message on chain, within the searched blocks", async () => {
    const msgHash = await gateway.safeMessageHash(sepolia, safe, TEXT);
    assert.equal(await gateway.hasSignedMessage(sepolia, safe, msgHash), false);

    const owner = owners[0];
    assert.ok(owner);
    const wallet = createWalletClient({
      chain: devChain(devnet.url),
      transport: httpTransport(devnet.url),
      account: owner,
    });
    const hash = await wallet.writeContract({
      address: safe,
      abi: SAFE_ABI,
      functionName: "signMessage",
      args: [hashMessage(TEXT)],
    });
    const { blockNumber } = await reader.waitForTransactionReceipt({ hash });

    assert.equal(await gateway.hasSignedMessage(sepolia, safe, msgHash), true);
    assert.equal(await gateway.isValidSignature(sepolia, safe, hashMessage(TEXT), "0x"), true, "signed on chain");
    const otherHash = await gateway.safeMessageHash(sepolia, safe, "another message");
    assert.equal(await gateway.hasSignedMessage(sepolia, safe, otherHash), false);
    assert.equal(await gateway.hasSignedMessage(sepolia, wrongMagic, msgHash), false, "another account");

    // Many blocks later, searched four blocks per request, from a start block on either side of the event.
    await devnet.request("hardhat_mine", ["0x20"]);
    const searching = (startBlock: bigint) =>
      new EvmChainGateway({
        issuerKey: ISSUER_KEY,
        logBlockRange: 4n,
        chains: { sepolia: { rpcUrl: devnet.url, startBlock } },
      }).hasSignedMessage(sepolia, safe, msgHash);
    assert.equal(await searching(blockNumber), true);
    assert.equal(await searching(0n), true);
    assert.equal(await searching(blockNumber + 1n), false);
  });
});

describe("EVM chain gateway: chains it does not serve", () => {
  it("refuses Cosmos chains in every call", async () => {
    const calls = [
      () => gateway.balanceOf(grand, "eur", HOLDER),
      () => gateway.mint(grand, "eur", HOLDER, 1n),
      () => gateway.burn(grand, "eur", HOLDER, 1n),
      () => gateway.isValidSignature(grand, safe, hashMessage(TEXT), "0x"),
      () => gateway.safeMessageHash(grand, safe, TEXT),
      () => gateway.hasSignedMessage(grand, safe, hashMessage(TEXT)),
    ];
    for (const call of calls) {
      await assert.rejects(
        call(),
        /^Error: Noble Grand is a Cosmos chain: the EVM chain gateway reaches EVM chains only$/,
      );
    }
  });

  it("refuses a chain without an endpoint, and an endpoint that serves another chain", async () => {
    await assert.rejects(
      gateway.balanceOf(amoy, "eur", HOLDER),
      /amoy has no JSON-RPC endpoint \(TOKENRAIL_EVM_RPC_AMOY\)/,
    );
    await assert.rejects(
      gateway.mint(chiado, "eur", HOLDER, 1n),
      /the JSON-RPC endpoint of chiado serves chain id 11155111, not 10200/,
    );
  });

  it("is built only for an evm configuration", () => {
    assert.throws(() => evmGatewayFromConfig(loadConfig({ TOKENRAIL_DATA_DIR: dataDir })), /not evm/);
  });
});

function reverse(signatures: Hex): Hex {
  const body = signatures.slice(2);
  const half = body.length / 2;
  return `0x${body.slice(half)}${body.slice(0, half)}`;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
