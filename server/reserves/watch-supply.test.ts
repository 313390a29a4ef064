import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, it } from "node:test";
import type { Hex } from "viem";
import { importBankFile } from "../bank/import/import-bank-file.ts";
import { camt054, credit, importConfig, seedHolder } from "../bank/import/testing/bank-import-fixtures.ts";
import { sandboxChain } from "../chains/configured-gateway.ts";
import { resolveChain } from "../chains/registry.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { exposition } from "../metrics/metrics.ts";
import { grantOperator } from "../operators/grant-operator.ts";
import { driveChainTransactions } from "../orders/chain-settlement.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { tearDownDrivers } from "../testing/tear-down-drivers.ts";
import { acknowledgeSupplyAlert } from "./acknowledge-alert.ts";
import { watchSupply } from "./watch-supply.ts";

// C69: the supply watch on the sandbox chain. A mint made on the chain without the queue (what a second minter or a
// stolen key would do) is flagged by the next run, in the alerts and /metrics; mints in flight are not.

await setUpTestInstance("watch_supply");

const config: Config = { ...importConfig(), supplyAlertStopsMints: true };
const sepolia = resolveChain("sepolia", "sandbox")!;
const CENT = 10n ** 16n;

async function credited(amounts: string[], drive = true): Promise<{ orderIds: string[]; address: string }> {
  const holder = await seedHolder();
  const report = await importBankFile({
    content: { bytes: camt054(amounts.map((amount) => credit(holder.iban, amount))) },
    name: "credits.xml",
    source: "upload",
    config,
    driveChain: false,
  });
  if (drive) await driveChainTransactions(config);
  return { orderIds: report.entries.map((e) => e.orderId!), address: holder.address };
}

const eur = async () => (await watchSupply({ config })).find((f) => f.chain === "sepolia" && f.currency === "eur");
const metric = (text: string, name: string) =>
  text.split("\n").find((l) => l.startsWith(`${name}{chain="sepolia",currency="eur"}`));

describe("C69 the supply watch", () => {
  after(tearDownDrivers);

  it("C69 the ledger and the chain agree after mints, and a mint in flight is no alarm", async () => {
    await credited(["10.00", "25.50"]);
    assert.equal((await eur())?.differenceUnits, 0n);
    // A mint queued: not on chain, nothing to explain.
    const { orderIds } = await credited(["7.00"], false);
    assert.equal((await eur())?.differenceUnits, 0n);
    // Sent and already on the chain, not yet settled in the ledger (a real chain's receipt pending): in flight.
    const prisma = await db();
    const row = await prisma.chainTransaction.findFirstOrThrow({ where: { orderId: orderIds[0]! } });
    await prisma.chainTransaction.update({ where: { id: row.id }, data: { state: "sent" } });
    await sandboxChain(config)!.mint(sepolia, "eur", row.address as Hex, 700n * CENT);
    assert.equal((await eur())?.differenceUnits, 0n);
    assert.equal(await prisma.supplyAlert.count(), 0);
    // The test takes that mint off the chain again, as if it was never sent, and lets the queue make it.
    await prisma.chainTransaction.update({ where: { id: row.id }, data: { state: "queued" } });
    await prisma.simulatedTokenBalance.updateMany({
      where: { chain: "sepolia", currency: "eur", addressKey: row.address.toLowerCase() },
      data: { units: { decrement: (700n * CENT).toString() } },
    });
    await driveChainTransactions(config);
    assert.equal((await eur())?.differenceUnits, 0n);
  });

  it("C69 a mint Tokenrail did not make is flagged within one poll, in the alerts and /metrics, and stops mints until an admin acknowledges it", async () => {
    const prisma = await db();
    const stranger: Hex = `0x${randomBytes(20).toString("hex")}`;
    await sandboxChain(config)!.mint(sepolia, "eur", stranger, 123_45n * CENT);
    const figures = await eur();
    assert.equal(figures?.differenceUnits, 123_45n * CENT);
    const alerts = await prisma.supplyAlert.findMany({ where: { openKey: { not: null } } });
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0]?.differenceMinor, 123_45n);
    const text = (await exposition()).body;
    assert.equal(
      metric(text, "tokenrail_supply_difference"),
      `tokenrail_supply_difference{chain="sepolia",currency="eur"} 123.45`,
    );
    assert.equal(
      metric(text, "tokenrail_supply_alerts_total"),
      `tokenrail_supply_alerts_total{chain="sepolia",currency="eur"} 1`,
    );
    assert.match(text, /^tokenrail_supply_alerts_open 1$/m);
    // Another poll raises no second alert while the first is open.
    await eur();
    assert.equal(await prisma.supplyAlert.count(), 1);

    // While it is open, mints wait (queued, not held, not sent).
    const { orderIds } = await credited(["5.00"]);
    assert.equal(
      (await prisma.chainTransaction.findFirstOrThrow({ where: { orderId: orderIds[0]! } })).state,
      "queued",
    );

    const user = await prisma.user.create({ data: { email: `admin-${randomBytes(4).toString("hex")}@example.com` } });
    await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles: ["admin"] }));
    await acknowledgeSupplyAlert({ alertId: alerts[0].id, note: "our test minted it", actor: { userId: user.id } });
    await assert.rejects(
      acknowledgeSupplyAlert({ alertId: alerts[0].id, note: "again", actor: { userId: user.id } }),
      /not open/,
    );
    await driveChainTransactions(config);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: orderIds[0]! } });
    assert.equal(order.state, "processed");
  });
});
