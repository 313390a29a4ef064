import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { loadConfig } from "../../config.ts";
import { initToken, keygen, pkcs11Env, softhsmDir, softhsmMissing, skipWithoutSoftHsm } from "../../testing/softhsm.ts";
import { compileContracts } from "../devnet/compile-contracts.ts";
import { startDevnet, type Devnet } from "../devnet/devnet.ts";
import { evmGatewayFromConfig, type EvmChainGateway } from "../evm-gateway.ts";
import { resolveChain } from "../registry.ts";
import { closeIssuerSigner, openIssuerSigner } from "./open-issuer-signer.ts";

// Mints and burns on the devnet (Hardhat's EDR, Sepolia's chain id) signed by a key that lives in SoftHSM2: the
// token contract names the HSM key's address as its issuer, as a deployment would after `npm run hsm:keygen`.

const sepolia = resolveChain("sepolia", "sandbox");
const deployer = privateKeyToAccount(`0x${"12".repeat(32)}`);
const HOLDER: Hex = "0x2222222222222222222222222222222222222222";
const TOKEN_CONSTRUCTOR = parseAbi(["constructor(string name, string symbol, address issuer)"]);

let hsm: ReturnType<typeof softhsmDir> | undefined;
let devnet: Devnet | undefined;
let gateway: EvmChainGateway;
let issuer: Address;

describe("C68 mints and burns signed in the HSM", () => {
  before(async () => {
    if (await softhsmMissing()) return;
    hsm = softhsmDir();
    initToken("issuer");
    issuer = keygen("issuer");
    devnet = await startDevnet({ chainId: 11155111, funded: [issuer, deployer.address] });
    const chain = defineChain({
      id: 11155111,
      name: "devnet",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [devnet.url] } },
    });
    const reader = createPublicClient({ chain, transport: http(devnet.url), pollingInterval: 50 });
    const wallet = createWalletClient({ chain, transport: http(devnet.url), account: deployer });
    const bytecode = compileContracts().IssuerToken;
    assert.ok(bytecode);
    const hash = await wallet.deployContract({
      abi: TOKEN_CONSTRUCTOR,
      bytecode,
      args: ["Tokenrail EUR", "EURe", issuer],
    });
    const { contractAddress } = await reader.waitForTransactionReceipt({ hash });
    assert.ok(contractAddress);
    // Through the configuration and the start-up opening, as an instance does it.
    const config = loadConfig({
      TOKENRAIL_DATA_DIR: hsm.dir,
      TOKENRAIL_CHAIN_GATEWAY: "evm",
      TOKENRAIL_EVM_RPC_SEPOLIA: devnet.url,
      TOKENRAIL_EVM_TOKEN_SEPOLIA_EUR: contractAddress,
      ...pkcs11Env("issuer"),
    });
    await openIssuerSigner(config);
    gateway = evmGatewayFromConfig(config);
  });
  after(async () => {
    closeIssuerSigner();
    await devnet?.close();
    hsm?.remove();
  });

  it("C68 the gateway's issuer is the HSM key, and it mints and burns directly", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    assert.ok(sepolia);
    assert.equal(gateway.issuer, issuer);
    await gateway.mint(sepolia, "eur", HOLDER, 500n);
    await gateway.burn(sepolia, "eur", HOLDER, 120n);
    assert.equal((await gateway.balanceOf(sepolia, "eur", HOLDER)).units, 380n);
  });

  it("C68 queued mints and burns are signed in the HSM, broadcast and succeed", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    assert.ok(sepolia);
    const signer = gateway.transactions;
    assert.ok(signer.kind === "signer");
    assert.equal(signer.sender, issuer);
    for (const [kind, units] of [
      ["mint", 1000n],
      ["burn", 300n],
    ] as const) {
      const nonce = await signer.nextNonce(sepolia);
      const signed = await signer.sign({ chain: sepolia, currency: "eur", kind, address: HOLDER, units }, nonce);
      assert.equal(await signer.broadcast(sepolia, signed.rawTx), "accepted");
      assert.equal(await signer.outcome(sepolia, signed.txHash, 10_000), "success");
    }
    assert.equal((await gateway.balanceOf(sepolia, "eur", HOLDER)).units, 1080n);
  });
});
