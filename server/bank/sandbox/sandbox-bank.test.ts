import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { rejectPayout, returnPayout } from "../../sandbox/payout-simulation.ts";
import { bankConfig, burned, customer, placedRedeem } from "../payments/testing/payout-fixtures.ts";
import { deliverReleasedFiles } from "../transport/bank-jobs.ts";
import { sendDayStatement } from "./day-statement.ts";
import { readPaymentFile, receivePaymentFile } from "./sandbox-bank.ts";
import { openPaymentFile } from "../payments/payment-file-content.ts";

// The sandbox bank on the production path, on a real database: a redeem's payment file released, delivered through
// the sandbox transport, answered with a pain.002 and a camt.054 the importer imports; the simulator's rejection and
// return go the same way and give the tokens back once (C50).
await setUpTestInstance("sandbox_bank");

const config = bankConfig();

async function payoutOf(orderId: string) {
  const prisma = await db();
  return prisma.payout.findUniqueOrThrow({ where: { orderId } });
}

async function inboundFiles() {
  const prisma = await db();
  return prisma.bankFile.count({ where: { direction: "inbound" } });
}

describe("the sandbox bank", () => {
  it("accepts and debits a delivered payment file once, however often it is delivered", async () => {
    const order = await burned(await placedRedeem(await customer(), { amountMinor: 4_000n }), config);
    assert.equal((await payoutOf(order.id)).state, "released");
    const { delivered } = await deliverReleasedFiles({ config });
    const payout = await payoutOf(order.id);
    assert.ok(delivered.includes(payout.fileId!));
    assert.equal(payout.state, "debited");
    const prisma = await db();
    const file = await prisma.bankFile.findUniqueOrThrow({ where: { id: payout.fileId! } });
    assert.equal(file.state, "delivered");
    assert.ok(file.deliveredAt);
    const debit = await prisma.bankEntry.findFirstOrThrow({ where: { payoutId: payout.id } });
    assert.deepEqual([debit.side, debit.outcome, debit.amountMinor], ["DBIT", "payout_debit", 4_000n]);

    // Delivered again (another instance, a crash before the row was marked): the same answers, recognised.
    const before = await inboundFiles();
    const again = await receivePaymentFile({ content: openPaymentFile(file.content!), name: file.name, config });
    assert.equal(again.status.file.duplicate, true);
    assert.equal(again.debits.file.duplicate, true);
    assert.equal(await inboundFiles(), before);
    assert.equal((await payoutOf(order.id)).state, "debited");
    assert.equal(readPaymentFile(openPaymentFile(file.content!)).payments[0]?.endToEndId, payout.endToEndId);
  });

  it("returns a debited payout with its reason and re-issues the tokens once; a rejection is refused then", async () => {
    const order = await burned(await placedRedeem(await customer(), { amountMinor: 2_500n }), config);
    await deliverReleasedFiles({ config });
    await assert.rejects(rejectPayout(await payoutOf(order.id), "AC04", config), /can only return it/);
    const returned = await returnPayout(await payoutOf(order.id), "MD07", config);
    assert.equal(returned.state, "returned");
    assert.equal(returned.reasonCode, "MD07");
    assert.ok(returned.reissueOrder);
    const again = await returnPayout(await payoutOf(order.id), "MD07", config);
    assert.equal(again.reissueOrder, returned.reissueOrder);
    const prisma = await db();
    const reissue = await prisma.order.findUniqueOrThrow({ where: { id: returned.reissueOrder } });
    assert.deepEqual([reissue.kind, reissue.amountMinor, reissue.profileId], ["issue", 2_500n, order.profileId]);
  });

  it("rejects a payout the bank has not debited and re-issues the tokens once; a return is refused then", async () => {
    const order = await burned(await placedRedeem(await customer(), { amountMinor: 1_234n }), config);
    const payout = await payoutOf(order.id);
    assert.equal(payout.state, "released");
    await assert.rejects(returnPayout(payout, "AC04", config), /only a payout the bank has debited/);
    const rejected = await rejectPayout(payout, "AC04", config);
    assert.equal(rejected.state, "rejected");
    assert.equal(rejected.reasonCode, "AC04");
    assert.ok(rejected.reissueOrder);
    assert.equal((await rejectPayout(await payoutOf(order.id), "AC04", config)).reissueOrder, rejected.reissueOrder);
    // Delivered afterwards, the bank's acceptance and debit do not undo the rejection.
    await deliverReleasedFiles({ config });
    assert.equal((await payoutOf(order.id)).state, "rejected");
  });
});

describe("the sandbox bank's day statement", () => {
  it("reports the day's bookings between opening and closing balances; every entry is recognised", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const prisma = await db();
    const entries = await prisma.bankEntry.findMany({ where: { status: "BOOK", bookingDate: new Date(today) } });
    assert.ok(entries.length > 0);
    const closing = entries.reduce((sum, e) => sum + (e.side === "DBIT" ? -e.amountMinor : e.amountMinor), 0n);
    const report = await sendDayStatement({ date: today, config });
    assert.equal(report.file.message, "camt.053.001.08");
    assert.equal(report.entries.length, entries.length);
    assert.deepEqual(report.counts, { already_imported: entries.length });
    const day = await prisma.safeguardingDay.findFirstOrThrow({ where: { date: new Date(today) } });
    assert.equal(day.closingMinor, closing);
    // Sent again with nothing new: the same file.
    assert.equal((await sendDayStatement({ date: today, config })).file.duplicate, true);
  });
});
