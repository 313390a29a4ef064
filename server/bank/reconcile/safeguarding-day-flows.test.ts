import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { burn, entry, mint, payout, statement, stored, wallet } from "./testing/safeguarding-fixtures.ts";

// A day's figures follow money through the bank and the chains: credits, payouts, returns, rejections, re-issues and
// tokens moved between chains, until every day ends at a difference of zero.
await setUpTestInstance("safeguarding_day_flows");

describe("issue 24: safeguarding days (C51)", () => {
  it("follows credits, payouts, returns, rejections and tokens between chains day by day, and ends at zero", async () => {
    const account = "DE89370400440532013000";
    const day = (d: string) => stored(d, account);
    // Day 1: a credit of 100.00 booked, minted the next morning; a credit of 50.00 nobody's.
    const issue = randomUUID();
    await entry({ side: "CRDT", amountMinor: 100_00n, booked: "2026-11-02", outcome: "minted", orderId: issue });
    const w = await mint(issue, 100_00n, "2026-11-03T07:00:00Z");
    const stray = await entry({ side: "CRDT", amountMinor: 50_00n, booked: "2026-11-02", outcome: "returned" });
    assert.equal((await statement("2026-11-02", 150_00n, account)).difference, 0n);
    assert.deepEqual(await day("2026-11-02"), {
      closing: 150_00n,
      outstanding: 0n,
      inFlight: 0n,
      unminted: 150_00n,
      difference: 0n,
    });

    // Day 3: the stray credit sent back (instructed on day 3, debited day 4); 30.00 redeemed to a bank account.
    const sentBack = await payout({
      amountMinor: 50_00n,
      sentAt: "2026-11-03T09:00:00Z",
      bankEntryId: stray,
      state: "debited",
    });
    const redeem = await burn(w, 30_00n, "2026-11-03T10:00:00Z");
    const paid = await payout({ amountMinor: 30_00n, sentAt: "2026-11-03T10:00:00Z", orderId: redeem });
    await statement("2026-11-03", 150_00n, account);
    assert.deepEqual(await day("2026-11-03"), {
      closing: 150_00n,
      outstanding: 70_00n,
      inFlight: 80_00n,
      unminted: 0n,
      difference: 0n,
    });

    // Day 4: both debited. A payout of 20.00 (returned on day 6, re-issued day 7), one of 10.00 (rejected, re-issued
    // day 5), and 5.00 across chains (burned day 4, minted on the other chain day 5).
    await entry({
      side: "DBIT",
      amountMinor: 50_00n,
      booked: "2026-11-04",
      outcome: "payout_debit",
      payoutId: sentBack,
    });
    await entry({ side: "DBIT", amountMinor: 30_00n, booked: "2026-11-04", outcome: "payout_debit", payoutId: paid });
    const returnedRedeem = await burn(w, 20_00n, "2026-11-04T10:00:00Z");
    const reissue = randomUUID();
    const returned = await payout({
      amountMinor: 20_00n,
      sentAt: "2026-11-04T10:00:00Z",
      orderId: returnedRedeem,
      state: "returned",
      reissueOrderId: reissue,
    });
    const rejectedRedeem = await burn(w, 10_00n, "2026-11-04T11:00:00Z");
    const reissue2 = randomUUID();
    await payout({
      amountMinor: 10_00n,
      sentAt: "2026-11-04T11:00:00Z",
      orderId: rejectedRedeem,
      state: "rejected",
      reissueOrderId: reissue2,
    });
    const crossRedeem = await burn(w, 5_00n, "2026-11-04T12:00:00Z");
    const crossIssue = await crossChain(crossRedeem, 5_00n, "2026-11-04T12:00:00Z");
    await statement("2026-11-04", 70_00n, account);
    assert.deepEqual(await day("2026-11-04"), {
      closing: 70_00n,
      outstanding: 35_00n + 5_00n,
      inFlight: 30_00n,
      unminted: 0n,
      difference: 0n,
    });

    // Day 5: the 20.00 debited; the rejected 10.00 re-issued; the 5.00 minted on the other chain.
    await entry({
      side: "DBIT",
      amountMinor: 20_00n,
      booked: "2026-11-05",
      outcome: "payout_debit",
      payoutId: returned,
    });
    await mint(reissue2, 10_00n, "2026-11-05T08:00:00Z", w);
    await mint(crossIssue, 5_00n, "2026-11-05T08:00:00Z", wallet("amoy"));
    await statement("2026-11-05", 50_00n, account);
    assert.deepEqual(await day("2026-11-05"), {
      closing: 50_00n,
      outstanding: 50_00n,
      inFlight: 0n,
      unminted: 0n,
      difference: 0n,
    });

    // Day 6: the 20.00 comes back (booked), re-issued on day 7.
    await entry({
      side: "CRDT",
      amountMinor: 20_00n,
      booked: "2026-11-06",
      outcome: "payout_return",
      payoutId: returned,
    });
    await mint(reissue, 20_00n, "2026-11-07T01:00:00Z", w);
    await statement("2026-11-06", 70_00n, account);
    await statement("2026-11-07", 70_00n, account);
    assert.deepEqual(await day("2026-11-06"), {
      closing: 70_00n,
      outstanding: 50_00n,
      inFlight: 0n,
      unminted: 20_00n,
      difference: 0n,
    });
    assert.deepEqual(await day("2026-11-07"), {
      closing: 70_00n,
      outstanding: 70_00n,
      inFlight: 0n,
      unminted: 0n,
      difference: 0n,
    });
    // Every day recomputed on the way still holds (later facts never reach back into a day already over).
    for (const d of ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"]) {
      assert.equal((await day(d)).difference, 0n, d);
    }
  });

  it("follows a credit sent back whose return is rejected, and one whose return comes back, until both are assigned", async () => {
    const account = "NL91ABNA0417164300";
    const currency = "GBP";
    const day = (d: string) => stored(d, account, currency);
    const gbp = { ...wallet(), currency: "gbp" };
    // Day 1: two credits nobody's, 10.00 and 20.00.
    const first = await entry({
      side: "CRDT",
      amountMinor: 10_00n,
      booked: "2026-10-01",
      outcome: "unmatched",
      currency,
    });
    const second = await entry({
      side: "CRDT",
      amountMinor: 20_00n,
      booked: "2026-10-01",
      outcome: "unmatched",
      currency,
    });
    await statement("2026-10-01", 30_00n, account, currency);
    // Day 2: both sent back; the bank rejects the first's return that day (the credit is an exception again), and
    // debits the second's.
    await payout({
      amountMinor: 10_00n,
      sentAt: "2026-10-02T09:00:00Z",
      bankEntryId: first,
      state: "rejected",
      settledAt: "2026-10-02T15:00:00Z",
      currency: "gbp",
    });
    const back = await payout({
      amountMinor: 20_00n,
      sentAt: "2026-10-02T09:00:00Z",
      bankEntryId: second,
      state: "returned",
      settledAt: "2026-10-04T09:00:00Z",
      currency: "gbp",
    });
    await entry({
      side: "DBIT",
      amountMinor: 20_00n,
      booked: "2026-10-02",
      outcome: "payout_debit",
      payoutId: back,
      currency,
    });
    await statement("2026-10-02", 10_00n, account, currency);
    assert.deepEqual(await day("2026-10-02"), {
      closing: 10_00n,
      outstanding: 0n,
      inFlight: 0n,
      unminted: 10_00n,
      difference: 0n,
    });
    // Day 3: the second's return comes back; day 4: the operator assigns both, minted day 5.
    await entry({
      side: "CRDT",
      amountMinor: 20_00n,
      booked: "2026-10-03",
      outcome: "payout_return",
      payoutId: back,
      currency,
    });
    await statement("2026-10-03", 30_00n, account, currency);
    assert.deepEqual(await day("2026-10-03"), {
      closing: 30_00n,
      outstanding: 0n,
      inFlight: 0n,
      unminted: 30_00n,
      difference: 0n,
    });
    const client = await db();
    for (const [id, amount] of [
      [first, 10_00n],
      [second, 20_00n],
    ] as const) {
      const order = randomUUID();
      await client.bankEntry.update({ where: { id }, data: { outcome: "assigned", orderId: order } });
      await mint(order, amount, "2026-10-05T10:00:00Z", gbp);
    }
    await statement("2026-10-04", 30_00n, account, currency);
    await statement("2026-10-05", 30_00n, account, currency);
    assert.equal((await day("2026-10-04")).unminted, 30_00n);
    assert.deepEqual(await day("2026-10-05"), {
      closing: 30_00n,
      outstanding: 30_00n,
      inFlight: 0n,
      unminted: 0n,
      difference: 0n,
    });
  });
});

/** A cross-chain redeem's issue on the other chain, placed when the redeem was burned. */
async function crossChain(redeemId: string, amountMinor: bigint, at: string): Promise<string> {
  const client = await db();
  const base = {
    profileId: randomUUID(),
    address: "0x0000000000000000000000000000000000000001",
    addressKey: "0x0000000000000000000000000000000000000001",
    currency: "eur",
    amountMinor,
    memo: "between chains",
    placedAt: new Date(at),
  };
  await client.order.create({
    data: {
      ...base,
      id: redeemId,
      kind: "redeem",
      chain: "sepolia",
      counterpart: { identifier: { standard: "chain", chain: "amoy", address: base.address }, details: {} },
      state: "processed",
    },
  });
  const issue = await client.order.create({
    data: {
      ...base,
      id: randomUUID(),
      kind: "issue",
      chain: "amoy",
      counterpart: { identifier: { standard: "chain", chain: "sepolia", address: base.address }, details: {} },
      state: "pending",
      parentOrderId: redeemId,
    },
  });
  return issue.id;
}
