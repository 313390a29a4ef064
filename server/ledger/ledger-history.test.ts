import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { ledgerHistory } from "./ledger-history.ts";
import { ledgerReport } from "./ledger-report.ts";
import { recordBurn, recordHold, recordMint, recordRelease, type WalletRef } from "./movements.ts";

await setUpTestInstance("ledger_history");

const wallet = (n: number, chain = "sepolia", currency = "eur"): WalletRef => ({
  chain,
  currency,
  addressKey: `0x${n.toString(16).padStart(40, "0")}`,
  profileId: randomUUID(),
});
const at = (iso: string) => new Date(iso);
const clock = () => at("2026-11-23T12:00:00Z");

async function mint(w: WalletRef, amountMinor: bigint, when: string) {
  const prisma = await db();
  await prisma.$transaction((tx) => recordMint(tx, { wallet: w, amountMinor, orderId: randomUUID(), at: at(when) }));
}

async function redeem(w: WalletRef, amountMinor: bigint, when: string, outcome: "burn" | "release" = "burn") {
  const prisma = await db();
  const movement = { wallet: w, amountMinor, orderId: randomUUID(), at: at(when) };
  await prisma.$transaction(async (tx) => {
    await recordHold(tx, movement);
    await (outcome === "burn" ? recordBurn : recordRelease)(tx, movement);
  });
}

describe("issue 9: the ledger over time", () => {
  it("buckets minted and burned amounts per UTC day and carries what was outstanding before the range", async () => {
    const a = wallet(1);
    const b = wallet(2, "amoy");
    await mint(a, 50_000n, "2026-10-01T09:00:00Z"); // before the range: only the opening balance
    await redeem(a, 10_000n, "2026-10-02T09:00:00Z");
    await mint(a, 1_234n, "2026-11-21T23:59:59.999Z");
    await mint(a, 66n, "2026-11-21T00:00:00Z");
    await redeem(a, 300n, "2026-11-22T00:00:00.001Z");
    await redeem(a, 999n, "2026-11-22T10:00:00Z", "release"); // a hold given back is neither issued nor redeemed
    await mint(b, 700n, "2026-11-23T11:59:00Z");
    await mint(b, 1n, "2026-11-24T00:00:01Z"); // after today: outside the range

    const history = await ledgerHistory({ days: 4, clock });
    assert.equal(history.from, "2026-11-20");
    assert.equal(history.to, "2026-11-23");
    assert.deepEqual(
      history.series.map((s) => `${s.chain}/${s.currency}`),
      ["amoy/eur", "sepolia/eur"],
    );
    const [amoy, sepolia] = history.series;
    assert.deepEqual(sepolia?.days, [
      { day: "2026-11-20", issuedMinor: 0n, redeemedMinor: 0n, outstandingMinor: 40_000n },
      { day: "2026-11-21", issuedMinor: 1_300n, redeemedMinor: 0n, outstandingMinor: 41_300n },
      { day: "2026-11-22", issuedMinor: 0n, redeemedMinor: 300n, outstandingMinor: 41_000n },
      { day: "2026-11-23", issuedMinor: 0n, redeemedMinor: 0n, outstandingMinor: 41_000n },
    ]);
    assert.deepEqual(
      amoy?.days.map((d) => [d.day, d.issuedMinor, d.outstandingMinor]),
      [
        ["2026-11-20", 0n, 0n],
        ["2026-11-21", 0n, 0n],
        ["2026-11-22", 0n, 0n],
        ["2026-11-23", 700n, 700n],
      ],
    );
  });

  it("ends where the ledger's own totals are (today's outstanding = minted − burned so far)", async () => {
    const history = await ledgerHistory({ days: 30, clock: () => at("2026-12-31T00:00:00Z") });
    assert.equal(history.series[0]?.days.length, 30);
    const report = await ledgerReport();
    for (const series of history.series) {
      const total = report.totals.find((t) => t.chain === series.chain && t.currency === series.currency);
      assert.equal(series.days.at(-1)?.outstandingMinor, (total?.mintedMinor ?? 0n) - (total?.burnedMinor ?? 0n));
    }
  });

  it("refuses a range it would not draw", async () => {
    for (const days of [0, 367, 1.5]) {
      await assert.rejects(
        ledgerHistory({ days, clock }),
        (e: unknown) => e instanceof AppError && e.code === "VALIDATION",
      );
    }
  });
});
