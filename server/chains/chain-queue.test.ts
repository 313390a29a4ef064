import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { createPublicClient, createWalletClient, defineChain, http as httpTransport, parseAbi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { tearDownDrivers } from "../testing/tear-down-drivers.ts";
import { loadConfig, type Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { ChainTransaction } from "../generated/prisma/client.ts";
import { recordHold, recordMint } from "../ledger/movements.ts";
import { operatorOrderView } from "../orders/operate-orders.ts";
import { INSUFFICIENT_FUNDS_REASON, MINT_ATTEMPTS, queueHooks } from "../orders/chain-settlement.ts";
import { processOrder, rejectOrder } from "../orders/settle-order.ts";
import {
  chainDrivesSettled,
  driveChainQueue,
  givenUpOrders,
  InProcessLocks,
  PostgresLocks,
  queueChainTransaction,
  stopChainDrivers,
  type DriverLocks,
  type QueueHooks,
} from "./chain-queue.ts";
import { compileContracts } from "./devnet/compile-contracts.ts";
import { startDevnet, type Devnet } from "./devnet/devnet.ts";
import { evmGatewayFromConfig } from "./evm-gateway.ts";

// Issue 17: the chain transaction queue against a local EVM chain (EDR) and the test database (PGlite, or
// PostgreSQL when DATABASE_URL is set, where two "instances" are two sets of advisory locks on two connections).

await setUpTestInstance("chain-queue");

const ISSUER_KEY: Hex = `0x${"11".repeat(32)}`;
const ISSUER = privateKeyToAccount(ISSUER_KEY).address;
const deployer = privateKeyToAccount(`0x${"12".repeat(32)}`);
const EUR = 10n ** 16n; // one cent in token units
const TOKEN_ABI = parseAbi([
  "constructor(string name, string symbol, address issuer)",
  "function balanceOf(address) view returns (uint256)",
]);

let devnet: Devnet;
let config: Config;
let token: Hex;
let reader: ReturnType<typeof createPublicClient>;

const embeddedLocks = new InProcessLocks();
/** Another instance's locks: its own connection on PostgreSQL; the one process's on the embedded database. */
function instanceLocks(): DriverLocks {
  return config.database.kind === "postgres" ? new PostgresLocks(config.database.url) : embeddedLocks;
}

const balance = (address: Hex) =>
  reader.readContract({ address: token, abi: TOKEN_ABI, functionName: "balanceOf", args: [address] });

const fresh = () => privateKeyToAccount(`0x${randomUUID().replace(/-/g, "").repeat(2)}`).address;

async function queued(address: Hex, units: bigint, kind: "mint" | "burn" = "mint"): Promise<ChainTransaction> {
  const prisma = await db();
  return prisma.$transaction((tx) =>
    queueChainTransaction(tx, config, {
      orderId: randomUUID(),
      kind,
      chain: "sepolia",
      currency: "eur",
      address,
      units,
      now: new Date(),
    }),
  );
}

/** Hooks that only count: the queue's own guarantees, without orders. */
function countingHooks() {
  const confirmed: string[] = [];
  const failed: string[] = [];
  const hooks: QueueHooks = {
    confirmed: (_tx, row) => Promise.resolve(void confirmed.push(row.id)),
    failed: (_tx, row) => Promise.resolve(void failed.push(row.id)),
  };
  return { hooks, confirmed, failed };
}

const sender = () => ISSUER.toLowerCase();

before(async () => {
  const bytecode = compileContracts();
  devnet = await startDevnet({ chainId: 11155111, funded: [ISSUER, deployer.address] });
  const chain = defineChain({
    id: 11155111,
    name: "devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [devnet.url] } },
  });
  reader = createPublicClient({ chain, transport: httpTransport(devnet.url), pollingInterval: 50 });
  const wallet = createWalletClient({ chain, transport: httpTransport(devnet.url), account: deployer });
  const hash = await wallet.deployContract({
    abi: TOKEN_ABI,
    bytecode: bytecode.IssuerToken!,
    args: ["Tokenrail EUR", "EURe", ISSUER],
  });
  token = (await reader.waitForTransactionReceipt({ hash })).contractAddress!;
  config = loadConfig({
    ...process.env,
    TOKENRAIL_CHAIN_GATEWAY: "evm",
    TOKENRAIL_EVM_ISSUER_KEY: ISSUER_KEY,
    TOKENRAIL_EVM_RPC_SEPOLIA: devnet.url,
    TOKENRAIL_EVM_TOKEN_SEPOLIA_EUR: token,
  });
  // The instance's gateway, as the queue reaches it, polling fast for receipts.
  (globalThis as { __tokenrailGateway?: unknown }).__tokenrailGateway = evmGatewayFromConfig(config);
});

after(async () => {
  await devnet.close();
});

describe("issue 17: the chain transaction queue on an EVM chain", () => {
  // This process's own lock connection (processOrder drives under it) ends before the test database is dropped.
  after(tearDownDrivers);

  it("stores the signed transaction and its hash before broadcasting; an instance dying there is taken over and the same hash is broadcast, minting once", async () => {
    const holder = fresh();
    const row = await queued(holder, 500n * EUR);
    const a = instanceLocks();
    const b = instanceLocks();
    const { hooks, confirmed } = countingHooks();
    let stored: ChainTransaction | undefined;
    await assert.rejects(
      driveChainQueue({
        config,
        chain: "sepolia",
        sender: sender(),
        hooks,
        locks: a,
        afterSign: async (signed) => {
          stored = await (await db()).chainTransaction.findUniqueOrThrow({ where: { id: signed.id } });
          // Stored, not yet on the chain.
          assert.equal(stored.state, "signed");
          assert.match(stored.txHash ?? "", /^0x[0-9a-f]{64}$/);
          assert.ok(stored.rawTx);
          await assert.rejects(reader.getTransaction({ hash: stored.txHash as Hex }));
          // While this instance holds the sender's nonces, another cannot drive them.
          assert.equal(await driveChainQueue({ config, chain: "sepolia", sender: sender(), hooks, locks: b }), false);
          // The instance dies: its connection, and its lock, go with it.
          await a.close();
          throw new Error("killed between signing and broadcasting");
        },
      }),
      /killed/,
    );
    assert.ok(stored);
    assert.equal(await balance(holder), 0n);

    assert.equal(await driveChainQueue({ config, chain: "sepolia", sender: sender(), hooks, locks: b }), true);
    const done = await (await db()).chainTransaction.findUniqueOrThrow({ where: { id: row.id } });
    assert.equal(done.state, "confirmed");
    assert.equal(done.txHash, stored.txHash);
    assert.equal(done.rawTx, stored.rawTx);
    const receipt = await reader.getTransactionReceipt({ hash: stored.txHash as Hex });
    assert.equal(receipt.status, "success");
    assert.equal(await balance(holder), 500n * EUR);
    assert.deepEqual(confirmed, [row.id]);
    // Driving again changes nothing: the row is confirmed once.
    await driveChainQueue({ config, chain: "sepolia", sender: sender(), hooks, locks: b });
    assert.equal(await balance(holder), 500n * EUR);
    assert.deepEqual(confirmed, [row.id]);
    await b.close();
  });

  it("two instances driving one queue at once send each mint once, with distinct nonces", async () => {
    const holder = fresh();
    const rows = [];
    for (let i = 1n; i <= 5n; i++) rows.push(await queued(holder, i * EUR));
    const { hooks, confirmed } = countingHooks();
    const a = instanceLocks();
    const b = instanceLocks();
    for (let round = 0; round < 20 && confirmed.length < rows.length; round++) {
      await Promise.all(
        [a, b].map((locks) => driveChainQueue({ config, chain: "sepolia", sender: sender(), hooks, locks })),
      );
    }
    assert.equal(await balance(holder), 15n * EUR);
    assert.deepEqual([...confirmed].sort(), rows.map((r) => r.id).sort());
    const stored = await (await db()).chainTransaction.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
    assert.equal(new Set(stored.map((r) => r.nonce)).size, rows.length);
    assert.ok(stored.every((r) => r.state === "confirmed"));
    await Promise.all([a.close(), b.close()]);
  });

  it("a mint the chain refuses is tried again a bounded number of times, then surfaced to the operator with the error", async () => {
    const prisma = await db();
    const order = await prisma.order.create({
      data: {
        id: randomUUID(),
        kind: "issue",
        profileId: randomUUID(),
        address: fresh(),
        addressKey: "",
        chain: "sepolia",
        // No token contract answers for gbp on this chain: every attempt is refused.
        currency: "gbp",
        amountMinor: 1000n,
        counterpart: { identifier: { standard: "iban", iban: "" }, details: {} },
        memo: "refused mint",
        state: "pending",
        placedAt: new Date(),
      },
    });
    await assert.rejects(processOrder({ orderId: order.id, config, waitMs: 5_000 }), /The mint failed/);
    // The pass that settled the first attempt may still be running after the answer (it looks for more rows): each
    // drive below must be a pass of its own, at its own time, not a wait for that one.
    await chainDrivesSettled();
    let later = Date.now();
    for (let i = 1; i < MINT_ATTEMPTS; i++) {
      later += 60_000;
      const at = new Date(later);
      await driveChainQueue({
        config,
        chain: "sepolia",
        sender: sender(),
        hooks: queueHooks(config),
        clock: () => at,
      });
    }
    const attempts = await prisma.chainTransaction.findMany({
      where: { orderId: order.id },
      orderBy: { attempt: "asc" },
    });
    assert.deepEqual(
      attempts.map((r) => [r.attempt, r.state]),
      Array.from({ length: MINT_ATTEMPTS }, (_, i) => [i + 1, "failed"]),
    );
    assert.ok(attempts.every((r) => r.txHash === null && /no contract answers/.test(r.lastError ?? "")));
    const surfaced = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    assert.equal(surfaced.state, "pending");
    const view = operatorOrderView(surfaced, new Date(), (await givenUpOrders(prisma, [order.id])).get(order.id));
    assert.equal(view.stuck, true);
    assert.match(view.chainError ?? "", new RegExp(`failed ${MINT_ATTEMPTS} time\\(s\\).*no contract answers`));
    // No further attempt is made on its own.
    await driveChainQueue({ config, chain: "sepolia", sender: sender(), hooks: queueHooks(config) });
    assert.equal(await prisma.chainTransaction.count({ where: { orderId: order.id } }), MINT_ATTEMPTS);
    // Processing it again is the operator's alone: one more attempt, given up on in turn; then they may reject it.
    await assert.rejects(processOrder({ orderId: order.id, config, waitMs: 5_000 }), /being processed/);
    await assert.rejects(
      processOrder({ orderId: order.id, config, operator: { userId: randomUUID() }, waitMs: 5_000 }),
      /The mint failed/,
    );
    assert.equal(await prisma.chainTransaction.count({ where: { orderId: order.id } }), MINT_ATTEMPTS + 1);
    const rejected = await rejectOrder({ orderId: order.id, reason: "The token refuses this mint.", config });
    assert.equal(rejected.state, "rejected");
  });

  it("a burn the chain refuses rejects its order and releases the hold", async () => {
    const prisma = await db();
    const address = fresh();
    const wallet = { chain: "sepolia", currency: "eur", addressKey: address.toLowerCase(), profileId: randomUUID() };
    const order = await prisma.order.create({
      data: {
        id: randomUUID(),
        kind: "redeem",
        profileId: wallet.profileId,
        address,
        addressKey: wallet.addressKey,
        chain: "sepolia",
        currency: "eur",
        amountMinor: 700n,
        counterpart: { identifier: { standard: "iban", iban: "DE89370400440532013000" }, details: {} },
        memo: "refused burn",
        state: "placed",
        signedAt: new Date(),
        placedAt: new Date(),
      },
    });
    // The ledger says the wallet holds 10.00 and 7.00 are held for the order; the chain has none of it (moved away).
    await prisma.$transaction(async (tx) => {
      await recordMint(tx, { wallet, amountMinor: 1000n, orderId: randomUUID(), at: new Date() });
      await recordHold(tx, { wallet, amountMinor: 700n, orderId: order.id, at: new Date() });
    });
    const walletBalance = async () =>
      (
        await prisma.ledgerAccount.findFirst({
          where: { kind: "wallet", chain: "sepolia", currency: "eur", addressKey: wallet.addressKey },
        })
      )?.balanceMinor;
    assert.equal(await walletBalance(), 300n);
    const rejected = await processOrder({ orderId: order.id, config, waitMs: 5_000 });
    assert.equal(rejected.state, "rejected");
    assert.equal(rejected.rejectedReason, INSUFFICIENT_FUNDS_REASON);
    assert.equal(await walletBalance(), 1000n);
    const row = await prisma.chainTransaction.findFirstOrThrow({ where: { orderId: order.id } });
    assert.equal(row.state, "failed");
    assert.match(row.lastError ?? "", /fewer than/);
  });
});

// Last: stopping is for good in a process.
describe("issue 17: a stopping instance's chain queue driver", () => {
  it("finishes the send under way (signed, stored, broadcast), leaves its receipt to the next driver and frees the queue at once", async () => {
    const holder = fresh();
    const row = await queued(holder, 40n * EUR);
    const a = instanceLocks();
    const b = instanceLocks();
    const { hooks, confirmed } = countingHooks();
    const key = `${sender()}:sepolia`;
    // SIGTERM arrives while the transaction is being signed.
    const drove = await driveChainQueue({
      config,
      chain: "sepolia",
      sender: sender(),
      hooks,
      locks: a,
      afterSign: () => stopChainDrivers(),
    });
    assert.equal(drove, true);
    const prisma = await db();
    const left = await prisma.chainTransaction.findUniqueOrThrow({ where: { id: row.id } });
    assert.equal(left.state, "sent");
    assert.match(left.txHash ?? "", /^0x[0-9a-f]{64}$/);
    assert.deepEqual(confirmed, []);
    // It was sent: the chain has it. And the queue is free for another instance right away.
    assert.equal(await balance(holder), 40n * EUR);
    assert.equal(a.holds(key), false);
    assert.equal(await b.tryAcquire(key), true);
    await b.release(key);
    if (config.database.kind === "postgres") {
      await a.close();
      await b.close();
    }
  });
});
