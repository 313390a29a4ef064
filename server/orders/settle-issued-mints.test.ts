import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { importBankFile } from "../bank/import/import-bank-file.ts";
import { camt054, credit, importConfig, seedHolder } from "../bank/import/testing/bank-import-fixtures.ts";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { tearDownDrivers } from "../testing/tear-down-drivers.ts";
import { driveChainTransactions } from "./chain-settlement.ts";
import { EVENT_DATA } from "../events/event-data.ts";
import { openValue } from "../keys/sealed-value.ts";

// A bank file's mints settle set-based, a batch at a time: the result must be exactly what settling them one by one
// gives (orders, chain rows, balances on the chain and in the ledger, one `order.updated` each), and a batch with
// one order settled elsewhere meanwhile must fall back to one by one, where only that order's mint fails.

await setUpTestInstance("settle_mints");

const config = importConfig();
const EUR_UNITS = 10n ** 16n; // one cent in token units (18 decimals)

async function importAndDrive(
  credits: ReturnType<typeof credit>[],
  beforeDrive?: (orderIds: string[]) => Promise<void>,
) {
  const report = await importBankFile({
    content: { bytes: camt054(credits) },
    name: "batch.xml",
    source: "upload",
    config,
    driveChain: false,
  });
  const orderIds = report.entries.map((e) => e.orderId!);
  await beforeDrive?.(orderIds);
  await driveChainTransactions(config);
  return orderIds;
}

async function walletState(address: string) {
  const prisma = await db();
  const chainBalance = await prisma.simulatedTokenBalance.findUnique({
    where: { chain_currency_addressKey: { chain: "sepolia", currency: "eur", addressKey: address } },
  });
  const ledger = await prisma.ledgerAccount.findUnique({
    where: {
      kind_chain_currency_addressKey: { kind: "wallet", chain: "sepolia", currency: "eur", addressKey: address },
    },
  });
  return { units: chainBalance ? BigInt(chainBalance.units.toFixed(0)) : 0n, ledgerMinor: ledger?.balanceMinor ?? 0n };
}

describe("issue 24: a bank file's mints settle as batches", () => {
  after(tearDownDrivers);

  it("P8 a batch of mints settles exactly as one by one: orders, chain rows, balances, ledger, events", async () => {
    const prisma = await db();
    const [a, b, c] = [await seedHolder(), await seedHolder(), await seedHolder()];
    const issuanceBefore = await prisma.ledgerAccount.findUnique({
      where: {
        kind_chain_currency_addressKey: { kind: "issuance", chain: "sepolia", currency: "eur", addressKey: "" },
      },
    });
    // Two credits to one address in the same batch: its balance row is updated once, with their sum.
    const orderIds = await importAndDrive([
      credit(a.iban, "10.00"),
      credit(a.iban, "0.05"),
      credit(b.iban, "1234.56"),
      credit(c.iban, "0.01"),
    ]);
    const orders = await prisma.order.findMany({ where: { id: { in: orderIds } } });
    assert.equal(orders.length, 4);
    const rows = await prisma.chainTransaction.findMany({ where: { orderId: { in: orderIds } } });
    for (const order of orders) {
      assert.equal(order.state, "processed", order.id);
      assert.ok(order.processedAt);
      assert.equal(order.txHashes.length, 1);
      const row = rows.find((r) => r.orderId === order.id);
      assert.equal(row?.state, "confirmed");
      assert.equal(row?.txHash, order.txHashes[0]);
      const events = await prisma.domainEvent.findMany({
        where: { type: "order.updated", profileId: order.profileId },
      });
      const mine = events
        .map((e) => ({ ...e, data: openValue(e.data, EVENT_DATA) }))
        .filter((e) => (e.data as { id: string }).id === order.id);
      assert.equal(mine.length, 1, `one order.updated for ${order.id}`);
      assert.equal((mine[0]!.data as { state: string }).state, "processed");
      assert.equal((mine[0]!.data as { meta: { txHashes: string[] } }).meta.txHashes[0], order.txHashes[0]);
      const entries = await prisma.ledgerEntry.count({ where: { transaction: { orderId: order.id, kind: "mint" } } });
      assert.equal(entries, 2);
    }
    assert.deepEqual(await walletState(a.address), { units: 1005n * EUR_UNITS, ledgerMinor: 1005n });
    assert.deepEqual(await walletState(b.address), { units: 123456n * EUR_UNITS, ledgerMinor: 123456n });
    assert.deepEqual(await walletState(c.address), { units: 1n * EUR_UNITS, ledgerMinor: 1n });
    const issuance = await prisma.ledgerAccount.findUniqueOrThrow({
      where: {
        kind_chain_currency_addressKey: { kind: "issuance", chain: "sepolia", currency: "eur", addressKey: "" },
      },
    });
    assert.equal(issuance.balanceMinor - (issuanceBefore?.balanceMinor ?? 0n), -(1005n + 123456n + 1n));
  });

  it("P8 a batch with an order settled elsewhere meanwhile goes one by one: only that mint fails", async () => {
    const prisma = await db();
    const [a, b] = [await seedHolder(), await seedHolder()];
    const orderIds = await importAndDrive(
      [credit(a.iban, "3.00"), credit(b.iban, "4.00"), credit(a.iban, "5.00")],
      (ids) =>
        // Another instance rejected the third order while its mint was queued.
        prisma.order
          .update({ where: { id: ids[2] }, data: { state: "rejected", rejectedReason: "by hand" } })
          .then(() => {}),
    );
    const orders = await prisma.order.findMany({ where: { id: { in: orderIds } } });
    const state = (id: string) => orders.find((o) => o.id === id)?.state;
    assert.deepEqual(orderIds.map(state), ["processed", "processed", "rejected"]);
    const rows = await prisma.chainTransaction.findMany({ where: { orderId: { in: orderIds } } });
    assert.equal(rows.find((r) => r.orderId === orderIds[2])?.state, "failed");
    // Nothing of the failed batch stayed: each processed order minted once, the rejected one not at all.
    assert.deepEqual(await walletState(a.address), { units: 300n * EUR_UNITS, ledgerMinor: 300n });
    assert.deepEqual(await walletState(b.address), { units: 400n * EUR_UNITS, ledgerMinor: 400n });
  });
});
