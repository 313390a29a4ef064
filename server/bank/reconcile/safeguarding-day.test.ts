import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { db } from "../../db/client.ts";
import type { BankEntryOutcome } from "../../generated/prisma/client.ts";
import { recordBurn, recordHold, recordMint, type WalletRef } from "../../ledger/movements.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { listSafeguardingDays, latestSafeguardingDays } from "./list-safeguarding-days.ts";
import { recomputeSafeguardingDays, recordSafeguardingDay } from "./safeguarding-day.ts";

await setUpTestInstance("safeguarding_day");

const ACCOUNT = "DE02100100100006820101";
const now = new Date("2026-12-01T08:00:00Z");
const wallet = (chain = "sepolia"): WalletRef => ({
  chain,
  currency: "eur",
  addressKey: `0x${randomUUID().replace(/-/g, "").padEnd(40, "0")}`,
  profileId: randomUUID(),
});

async function mint(orderId: string, amountMinor: bigint, at: string, w = wallet()) {
  const prisma = await db();
  await prisma.$transaction((tx) => recordMint(tx, { wallet: w, amountMinor, orderId, at: new Date(at) }));
  return w;
}

async function burn(w: WalletRef, amountMinor: bigint, at: string, orderId = randomUUID()) {
  const prisma = await db();
  const movement = { wallet: w, amountMinor, orderId, at: new Date(at) };
  await prisma.$transaction(async (tx) => {
    await recordHold(tx, movement);
    await recordBurn(tx, movement);
  });
  return orderId;
}

async function entry(e: {
  side: "CRDT" | "DBIT";
  amountMinor: bigint;
  booked: string;
  outcome: BankEntryOutcome;
  orderId?: string;
  payoutId?: string;
  currency?: string;
  createdAt?: Date;
}) {
  const prisma = await db();
  const row = await prisma.bankEntry.create({
    data: {
      identity: `ref:${ACCOUNT}:${randomUUID()}`,
      fileId: randomUUID(),
      side: e.side,
      status: "BOOK",
      amountMinor: e.amountMinor,
      currency: e.currency ?? "EUR",
      bookingDate: new Date(`${e.booked}T00:00:00Z`),
      outcome: e.outcome,
      orderId: e.orderId ?? null,
      payoutId: e.payoutId ?? null,
      createdAt: e.createdAt ?? now,
    },
  });
  return row.id;
}

async function payout(p: {
  amountMinor: bigint;
  sentAt: string;
  state?: "released" | "rejected" | "debited" | "returned";
  settledAt?: string;
  orderId?: string;
  bankEntryId?: string;
  reissueOrderId?: string;
  currency?: string;
}) {
  const prisma = await db();
  const row = await prisma.payout.create({
    data: {
      orderId: p.orderId ?? null,
      bankEntryId: p.bankEntryId ?? null,
      endToEndId: randomUUID().replace(/-/g, ""),
      bankReference: "",
      amountMinor: p.amountMinor,
      currency: p.currency ?? "eur",
      counterpart: {},
      remittance: "",
      state: p.state ?? "released",
      sentAt: new Date(p.sentAt),
      settledAt: p.settledAt ? new Date(p.settledAt) : null,
      reissueOrderId: p.reissueOrderId ?? null,
    },
  });
  return row.id;
}

async function statement(date: string, closingMinor: bigint, account = ACCOUNT, currency = "EUR") {
  const prisma = await db();
  return prisma.$transaction((tx) =>
    recordSafeguardingDay(tx, { fileId: randomUUID(), accountIban: account, date, currency, closingMinor, now }),
  );
}

async function stored(date: string, account = ACCOUNT, currency = "EUR") {
  const prisma = await db();
  const row = await prisma.safeguardingDay.findUniqueOrThrow({
    where: {
      accountIban_date_currency: { accountIban: account, date: new Date(`${date}T00:00:00Z`), currency },
    },
  });
  return {
    closing: row.closingMinor,
    outstanding: row.outstandingMinor,
    inFlight: row.payoutsInFlightMinor,
    unminted: row.creditsUnmintedMinor,
    difference: row.differenceMinor,
  };
}

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

  it("recomputes later days when an earlier day's statement or a late notification comes after them", async () => {
    const account = "DE75512108001245126199";
    // Day 11's statement comes first: it holds day 10's credit, which nothing has recorded yet.
    assert.equal((await statement("2026-11-11", 40_00n, account, "CHF")).difference, 40_00n);
    await entry({ side: "CRDT", amountMinor: 40_00n, booked: "2026-11-10", outcome: "unmatched", currency: "CHF" });
    // Day 10's statement brings it, and day 11 is recomputed with it.
    assert.equal((await statement("2026-11-10", 40_00n, account, "CHF")).difference, 0n);
    assert.equal((await stored("2026-11-11", account, "CHF")).difference, 0n);
    assert.equal((await stored("2026-11-11", account, "CHF")).unminted, 40_00n);

    // A credit of day 11 recorded afterwards (a late camt.054): found by the entries recorded since.
    const later = new Date(now.getTime() + 1);
    await entry({
      side: "CRDT",
      amountMinor: 1_00n,
      booked: "2026-11-11",
      outcome: "unmatched",
      currency: "CHF",
      createdAt: later,
    });
    const client = await db();
    const days = await client.$transaction((tx) => recomputeSafeguardingDays(tx, { accountIban: account, now: later }));
    // (Recorded at the same instant as a computation counts as since: an injected clock may give both one time.)
    assert.deepEqual(
      days.map((d) => [d.date, d.difference]),
      [
        ["2026-11-10", 0n],
        ["2026-11-11", -1_00n],
      ],
    );
    // Nothing recorded since the last computation: nothing to recompute.
    const again = new Date(later.getTime() + 1);
    await client.$transaction((tx) => recomputeSafeguardingDays(tx, { accountIban: account, now: again }));
    assert.deepEqual(
      await client.$transaction((tx) => recomputeSafeguardingDays(tx, { accountIban: account, now: again })),
      [],
    );
    // A second statement for the day replaces the first.
    assert.equal((await statement("2026-11-11", 41_00n, account, "CHF")).difference, 0n);
  });

  it("pages the days newest first with the figures, what is expected and whether the day is flagged", async () => {
    const account = "FR1420041010050500013M02606";
    await entry({ side: "CRDT", amountMinor: 12_34n, booked: "2030-01-01", outcome: "unmatched", currency: "USD" });
    await statement("2030-01-01", 12_35n, account, "USD");
    await statement("2030-01-02", 12_34n, account, "USD");
    const first = await listSafeguardingDays({ limit: 1 });
    assert.equal(first.days.length, 1);
    const [newest] = first.days;
    assert.equal(newest?.date, "2030-01-02");
    assert.equal(newest?.accountIban, account);
    assert.equal(newest?.closing, "12.34");
    assert.equal(newest?.flagged, false);
    assert.ok(first.nextCursor);
    const second = await listSafeguardingDays({ limit: 1, cursor: first.nextCursor });
    assert.deepEqual(
      {
        ...second.days[0],
        computedAt: undefined,
        file: undefined,
      },
      {
        date: "2030-01-01",
        accountIban: account,
        currency: "USD",
        closing: "12.35",
        outstanding: second.days[0]?.outstanding,
        payoutsInFlight: second.days[0]?.payoutsInFlight,
        creditsUnminted: second.days[0]?.creditsUnminted,
        expected: "12.34",
        difference: "0.01",
        flagged: true,
        computedAt: undefined,
        file: undefined,
      },
    );
    // Every day of every account, newest first, without repeats.
    const all: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listSafeguardingDays({ limit: 2, cursor });
      all.push(...page.days.map((d) => `${d.date} ${d.accountIban}`));
      cursor = page.nextCursor;
    } while (cursor);
    assert.equal(new Set(all).size, all.length);
    assert.deepEqual(
      [...all].sort().reverse(),
      all.sort((a, b) => b.slice(0, 10).localeCompare(a.slice(0, 10))),
    );
    await assert.rejects(listSafeguardingDays({ cursor: "bm9wZQ" }), { code: "VALIDATION" });
    await assert.rejects(listSafeguardingDays({ limit: 0 }), { code: "VALIDATION" });

    const latest = await latestSafeguardingDays();
    const mine = latest.find((d) => d.accountIban === account);
    assert.equal(mine?.date.toISOString().slice(0, 10), "2030-01-02");
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
