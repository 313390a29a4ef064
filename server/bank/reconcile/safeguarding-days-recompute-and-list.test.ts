import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { listSafeguardingDays, latestSafeguardingDays } from "./list-safeguarding-days.ts";
import { recomputeSafeguardingDays } from "./safeguarding-day.ts";
import { entry, now, statement, stored } from "./testing/safeguarding-fixtures.ts";

// Later days recomputed when an earlier fact arrives after them, and the days listed. The listing pages through every
// day in this file's database, the recomputed account's days as well as its own.
await setUpTestInstance("safeguarding_days_recompute_list");

describe("issue 24: safeguarding days (C51)", () => {
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
