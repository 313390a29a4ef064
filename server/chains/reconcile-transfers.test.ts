import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import type { Hex } from "viem";
import { loadConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { accountBalance } from "../ledger/accounts.ts";
import { ledgerReport } from "../ledger/ledger-report.ts";
import { recordMint } from "../ledger/movements.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { sandboxChain } from "./configured-gateway.ts";
import { reconcileTransfers } from "./reconcile-transfers.ts";
import { resolveChain } from "./registry.ts";

// Issue 17: plain on-chain transfers reconciled into the ledger, on the sandbox chain and the test database (PGlite,
// or PostgreSQL when DATABASE_URL is set).

await setUpTestInstance("reconcile-transfers");

const config = loadConfig({ ...process.env, TOKENRAIL_CHAIN_GATEWAY: undefined });
const gateway = sandboxChain(config)!;
const sepolia = resolveChain("sepolia", config.environment)!;
const CENT = 10n ** 16n;
const address = (): Hex => `0x${randomUUID().replace(/-/g, "").slice(0, 32)}${"0".repeat(8)}`;

async function linked(): Promise<{ address: Hex; profileId: string }> {
  const prisma = await db();
  const profile = await prisma.profile.create({ data: { kind: "personal", name: "Holder" } });
  const at = address();
  await prisma.address.create({ data: { profileId: profile.id, address: at, addressKey: at, chain: "sepolia" } });
  return { address: at, profileId: profile.id };
}

/** Tokens minted to a linked address as an order would: on chain and in the ledger. */
async function minted(holder: { address: Hex; profileId: string }, cents: bigint): Promise<void> {
  await gateway.mint(sepolia, "eur", holder.address, cents * CENT);
  const prisma = await db();
  await prisma.$transaction((tx) =>
    recordMint(tx, {
      wallet: { chain: "sepolia", currency: "eur", addressKey: holder.address, profileId: holder.profileId },
      amountMinor: cents,
      orderId: randomUUID(),
      at: new Date(),
    }),
  );
}

async function wallet(holder: { address: Hex; profileId: string }): Promise<bigint> {
  const prisma = await db();
  return prisma.$transaction((tx) =>
    accountBalance(tx, { kind: "wallet", chain: "sepolia", currency: "eur", addressKey: holder.address, ...holder }),
  );
}

async function external(): Promise<bigint> {
  const prisma = await db();
  return prisma.$transaction((tx) => accountBalance(tx, { kind: "external", chain: "sepolia", currency: "eur" }));
}

async function assertConsistent() {
  const report = await ledgerReport();
  assert.equal(
    report.consistent,
    true,
    JSON.stringify(report, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v)),
  );
}

describe("issue 17: transfer reconciliation (C34)", () => {
  it("credits the receiver and debits the sender of a plain transfer, once, however often the log is read", async () => {
    const alice = await linked();
    const bob = await linked();
    const outsider = address();
    await minted(alice, 10_000n);
    const externalBefore = await external();

    await gateway.transfer(sepolia, "eur", alice.address, bob.address, 3_000n * CENT);
    await gateway.transfer(sepolia, "eur", alice.address, outsider, 1_000n * CENT);
    await gateway.transfer(sepolia, "eur", outsider, bob.address, 400n * CENT);
    await reconcileTransfers({ config });
    assert.equal(await wallet(alice), 6_000n);
    assert.equal(await wallet(bob), 3_400n);
    assert.equal((await external()) - externalBefore, 600n);
    await assertConsistent();

    // The same logs read again (the cursor set back, as after a restore): nothing is credited twice.
    const prisma = await db();
    await prisma.chainTransferCursor.updateMany({ data: { position: 0n } });
    await Promise.all([reconcileTransfers({ config }), reconcileTransfers({ config })]);
    assert.equal(await wallet(alice), 6_000n);
    assert.equal(await wallet(bob), 3_400n);
    assert.equal((await external()) - externalBefore, 600n);
    await assertConsistent();
  });

  it("two instances reading the same new transfers at once credit them once", async () => {
    const alice = await linked();
    const bob = await linked();
    await minted(alice, 500n);
    await gateway.transfer(sepolia, "eur", alice.address, bob.address, 125n * CENT);
    await Promise.all([reconcileTransfers({ config }), reconcileTransfers({ config }), reconcileTransfers({ config })]);
    assert.equal(await wallet(alice), 375n);
    assert.equal(await wallet(bob), 125n);
    await assertConsistent();
  });

  it("a transfer beyond the sender's free ledger balance takes the rest from external, never below zero", async () => {
    const alice = await linked();
    const bob = await linked();
    await minted(alice, 100n);
    // Tokens the ledger never saw arrive (minted outside any order).
    await gateway.mint(sepolia, "eur", alice.address, 50n * CENT);
    const externalBefore = await external();
    await gateway.transfer(sepolia, "eur", alice.address, bob.address, 150n * CENT);
    await reconcileTransfers({ config });
    assert.equal(await wallet(alice), 0n);
    assert.equal(await wallet(bob), 150n);
    assert.equal((await external()) - externalBefore, -50n);
    await assertConsistent();
  });

  it("a transfer refused on chain moves nothing", async () => {
    const alice = await linked();
    const bob = await linked();
    await minted(alice, 100n);
    assert.equal(await gateway.transfer(sepolia, "eur", alice.address, bob.address, 101n * CENT), undefined);
    await reconcileTransfers({ config });
    assert.equal(await wallet(alice), 100n);
    assert.equal(await wallet(bob), 0n);
  });
});
