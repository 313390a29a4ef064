import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, it } from "node:test";
import { decideApproval } from "../approvals/decide-approval.ts";
import { importBankFile } from "../bank/import/import-bank-file.ts";
import { camt054, credit, importConfig, seedHolder } from "../bank/import/testing/bank-import-fixtures.ts";
import { givenUpOrders } from "../chains/chain-queue.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { grantOperator } from "../operators/grant-operator.ts";
import { driveChainTransactions } from "../orders/chain-settlement.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { tearDownDrivers } from "../testing/tear-down-drivers.ts";
import { askToReleaseMint } from "./release-mint.ts";

// C69: mints above their caps wait for two operators; the rest go. Credits arrive through a bank file (the
// importer queues their mints) and the queue is driven as every instance drives it.

await setUpTestInstance("mint_caps");

const base = importConfig();
const capped = (perMint?: bigint, perDay?: bigint): Config => ({
  ...base,
  mintCaps: { ...base.mintCaps, eur: { perMintMinor: perMint, perDayMinor: perDay } },
});

async function operator() {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `op-${randomBytes(4).toString("hex")}@example.com` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles: ["treasurer"] }));
  return { userId: user.id };
}

async function credited(config: Config, amounts: string[]): Promise<string[]> {
  const holder = await seedHolder();
  const report = await importBankFile({
    content: { bytes: camt054(amounts.map((amount) => credit(holder.iban, amount))) },
    name: "credits.xml",
    source: "upload",
    config,
    driveChain: false,
  });
  await driveChainTransactions(config);
  return report.entries.map((e) => e.orderId!);
}

async function state(orderId: string) {
  const prisma = await db();
  const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
  const rows = await prisma.chainTransaction.findMany({ where: { orderId }, orderBy: { attempt: "asc" } });
  return { order: order.state, rows: rows.map((r) => r.state) };
}

describe("C69 mint caps", () => {
  after(tearDownDrivers);

  it("C69 a mint over the per-mint cap waits for approval and is minted once after a second operator approves", async () => {
    const config = capped(100_000n); // 1,000.00 EUR a mint
    const [small, large] = await credited(config, ["999.99", "1000.01"]);
    assert.deepEqual(await state(small!), { order: "processed", rows: ["confirmed"] });
    // Held: not sent, the order still pending as the spec has it.
    assert.deepEqual(await state(large!), { order: "pending", rows: ["held"] });
    await driveChainTransactions(config);
    assert.deepEqual(await state(large!), { order: "pending", rows: ["held"] });

    const first = await operator();
    const second = await operator();
    const { approval } = await askToReleaseMint({ orderId: large!, config, actor: first });
    // The one who asked cannot approve.
    await assert.rejects(
      decideApproval({ approvalId: approval.id, decision: "approve", actor: first, config }),
      /second operator/,
    );
    await decideApproval({ approvalId: approval.id, decision: "approve", actor: second, config });
    assert.deepEqual(await state(large!), { order: "processed", rows: ["confirmed"] });
    // Once: approving again is refused, and driving again mints nothing more.
    await assert.rejects(decideApproval({ approvalId: approval.id, decision: "approve", actor: second, config }));
    await driveChainTransactions(config);
    const prisma = await db();
    const order = await prisma.order.findUniqueOrThrow({ where: { id: large! } });
    const balance = await prisma.simulatedTokenBalance.findUniqueOrThrow({
      where: { chain_currency_addressKey: { chain: order.chain, currency: "eur", addressKey: order.addressKey } },
    });
    assert.equal(BigInt(balance.units.toFixed(0)), (99_999n + 100_001n) * 10n ** 16n);
  });

  it("C69 a refused release leaves the order pending and given up, for the operator to reject or process again", async () => {
    const config = capped(100_000n);
    const [large] = await credited(config, ["5000.00"]);
    const [first, second] = [await operator(), await operator()];
    const { approval } = await askToReleaseMint({ orderId: large!, config, actor: first });
    await decideApproval({ approvalId: approval.id, decision: "reject", note: "not expected", actor: second, config });
    assert.deepEqual(await state(large!), { order: "pending", rows: ["failed"] });
    const why = (await givenUpOrders(await db(), [large!])).get(large!);
    assert.match(why ?? "", /release was refused: not expected/);
  });

  it("C69 the rolling day's cap holds the mint that would exceed it; a held mint does not count toward it", async () => {
    const config = capped(undefined, 300_000n); // 3,000.00 EUR a rolling day (the earlier tests used another cap)
    const prisma = await db();
    // What the earlier tests minted today counts too: start from what is left.
    await prisma.chainTransaction.updateMany({ data: { admittedAt: new Date(Date.now() - 25 * 3600_000) } });
    const [a, b, c] = await credited(config, ["1000.00", "1500.00", "600.00"]);
    assert.equal((await state(a!)).order, "processed");
    assert.equal((await state(b!)).order, "processed");
    // 1,000 + 1,500 + 600 > 3,000: the third waits.
    assert.deepEqual(await state(c!), { order: "pending", rows: ["held"] });
    const [d] = await credited(config, ["500.00"]);
    assert.equal((await state(d!)).order, "processed", "500 fits beside the 2,500 of the day");
    const [e] = await credited(config, ["0.01"]);
    assert.deepEqual(await state(e!), { order: "pending", rows: ["held"] });
  });
});
