import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createPublicClient, createWalletClient, defineChain, http as httpTransport, parseAbi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { importBankFile } from "../bank/import/import-bank-file.ts";
import { camt054, credit, FIXTURE_MASTER_IBAN, seedHolder } from "../bank/import/testing/bank-import-fixtures.ts";
import { compileContracts } from "../chains/devnet/compile-contracts.ts";
import { startDevnet, type Devnet } from "../chains/devnet/devnet.ts";
import { evmGatewayFromConfig } from "../chains/evm-gateway.ts";
import { reconcileTransfers } from "../chains/reconcile-transfers.ts";
import { loadConfig, type Config } from "../config.ts";
import { db } from "../db/client.ts";
import { exposition } from "../metrics/metrics.ts";
import { driveChainTransactions } from "../orders/chain-settlement.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { tearDownDrivers } from "../testing/tear-down-drivers.ts";
import { watchSupply } from "./watch-supply.ts";

// C69 on a real EVM chain (EDR): a second minter account the token's owner named mints behind Tokenrail's back; the
// next poll of the chains (the transfer reconciliation, then the supply watch, as every instance runs them) flags it.

await setUpTestInstance("watch_supply_devnet");

const key = (byte: string): Hex => `0x${byte.repeat(32)}`;
const ISSUER = privateKeyToAccount(key("11"));
const deployer = privateKeyToAccount(key("12"));
const minter = privateKeyToAccount(key("41"));
const STRANGER: Hex = "0x4242424242424242424242424242424242424242";
const CENT = 10n ** 16n;
const TOKEN_ABI = parseAbi([
  "constructor(string name, string symbol, address issuer)",
  "function addMinter(address minter)",
  "function mint(address to, uint256 amount)",
]);

let devnet: Devnet;
let config: Config;
let token: Hex;
/** The second minter's own mint of 42.00 to a stranger, made outside Tokenrail. */
let mintBehindTheBack: () => Promise<unknown>;

before(async () => {
  devnet = await startDevnet({ chainId: 11155111, funded: [ISSUER.address, deployer.address, minter.address] });
  const chain = defineChain({
    id: 11155111,
    name: "devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [devnet.url] } },
  });
  const reader = createPublicClient({ chain, transport: httpTransport(devnet.url), pollingInterval: 50 });
  const wallet = (account: typeof ISSUER) =>
    createWalletClient({ chain, transport: httpTransport(devnet.url), account });
  const mined = async (hash: Promise<Hex>) => reader.waitForTransactionReceipt({ hash: await hash });
  token = (
    await mined(
      wallet(deployer).deployContract({
        abi: TOKEN_ABI,
        bytecode: compileContracts().IssuerToken!,
        args: ["Tokenrail EUR", "EURe", ISSUER.address],
      }),
    )
  ).contractAddress!;
  await mined(
    wallet(ISSUER).writeContract({ address: token, abi: TOKEN_ABI, functionName: "addMinter", args: [minter.address] }),
  );
  const loaded = loadConfig({
    ...process.env,
    TOKENRAIL_CHAIN_GATEWAY: "evm",
    TOKENRAIL_EVM_ISSUER_KEY: key("11"),
    TOKENRAIL_EVM_RPC_SEPOLIA: devnet.url,
    TOKENRAIL_EVM_TOKEN_SEPOLIA_EUR: token,
  });
  config = { ...loaded, bank: { ...loaded.bank, account: { ...loaded.bank.account, iban: FIXTURE_MASTER_IBAN } } };
  (globalThis as { __tokenrailGateway?: unknown }).__tokenrailGateway = evmGatewayFromConfig(config);
  mintBehindTheBack = () =>
    mined(
      wallet(minter).writeContract({
        address: token,
        abi: TOKEN_ABI,
        functionName: "mint",
        args: [STRANGER, 42_00n * CENT],
      }),
    );
});

after(async () => {
  await tearDownDrivers();
  await devnet.close();
});

/** One poll of the chains, as `server/instance/boot.ts` runs it on every instance. */
async function poll() {
  await reconcileTransfers({ config });
  return (await watchSupply({ config })).find((f) => f.chain === "sepolia" && f.currency === "eur");
}

describe("C69 the supply watch on an EVM chain", () => {
  it("C69 a mint made directly on the devnet with a second minter account is flagged within one poll", async () => {
    const holder = await seedHolder();
    await importBankFile({
      content: { bytes: camt054([credit(holder.iban, "10.00")]) },
      name: "credit.xml",
      source: "upload",
      config,
      driveChain: false,
    });
    await driveChainTransactions(config);
    const prisma = await db();
    assert.equal((await prisma.chainTransaction.findFirstOrThrow({ where: { currency: "eur" } })).state, "confirmed");
    // Tokenrail's own mint: the chain and the ledger agree.
    assert.equal((await poll())?.differenceUnits, 0n);
    assert.equal(await prisma.supplyAlert.count(), 0);

    await mintBehindTheBack();
    const figures = await poll();
    assert.equal(figures?.onChainUnits, (10_00n + 42_00n) * CENT);
    assert.equal(figures?.differenceUnits, 42_00n * CENT);
    const alert = await prisma.supplyAlert.findFirstOrThrow({ where: { openKey: "sepolia:eur" } });
    assert.equal(alert.differenceMinor, 42_00n);
    assert.equal(alert.outstandingMinor, 10_00n);
    const text = (await exposition()).body;
    assert.match(text, /^tokenrail_supply_difference\{chain="sepolia",currency="eur"\} 42$/m);
    assert.match(text, /^tokenrail_supply_alerts_total\{chain="sepolia",currency="eur"\} 1$/m);
  });
});
