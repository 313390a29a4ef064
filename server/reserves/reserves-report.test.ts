import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { recordSafeguardingDay } from "../bank/reconcile/safeguarding-day.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { reservesJwks, verifyJws } from "./reserves-key.ts";
import { publishedReserves } from "./reserves-report.ts";

// C69: proof of reserves, signed. The supply watch's daily figures and the day's bank statement, per currency and
// day; the answer verifies against the published key, and a changed one does not.

await setUpTestInstance("reserves_report");

const config = getConfig();

async function check(date: string, chain: string, onChainMinor: bigint, differenceMinor = 0n) {
  const prisma = await db();
  await prisma.supplyCheck.create({
    data: {
      chain,
      currency: "eur",
      date: new Date(date),
      onChainMinor,
      outstandingMinor: onChainMinor - differenceMinor,
      mintsInFlightMinor: 0n,
      burnsInFlightMinor: 0n,
      differenceMinor,
      checkedAt: new Date(`${date}T23:59:00Z`),
    },
  });
}

async function statement(date: string, closingMinor: bigint) {
  const prisma = await db();
  await prisma.$transaction((tx) =>
    recordSafeguardingDay(tx, {
      fileId: randomUUID(),
      accountIban: "DE02100100100006820101",
      date,
      currency: "EUR",
      closingMinor,
      now: new Date(`${date}T23:00:00Z`),
    }),
  );
}

describe("C69 proof of reserves", () => {
  it("C69 per currency and day: tokens on each chain, the safeguarded balance and the difference, newest first and paged", async () => {
    await check("2026-11-25", "sepolia", 100_00n);
    await check("2026-11-26", "sepolia", 150_00n);
    await check("2026-11-26", "amoy", 50_00n, 1_00n);
    await statement("2026-11-26", 210_00n);
    await statement("2026-11-27", 220_00n);
    const { reserves } = await publishedReserves({ config, limit: 2 });
    assert.deepEqual(
      reserves.days.map((d) => [d.date, d.currency, d.outstanding, d.safeguarded, d.difference]),
      [
        ["2026-11-27", "eur", "0.00", "220.00", "220.00"],
        ["2026-11-26", "eur", "200.00", "210.00", "10.00"],
      ],
    );
    assert.deepEqual(
      reserves.days[1]?.chains.map((c) => [c.chain, c.onChain, c.ledger, c.difference]),
      [
        ["amoy", "50.00", "49.00", "1.00"],
        ["sepolia", "150.00", "150.00", "0.00"],
      ],
    );
    assert.equal(reserves.next, "2026-11-26");
    const older = await publishedReserves({ config, limit: 2, before: reserves.next });
    assert.deepEqual(
      older.reserves.days.map((d) => [d.date, d.outstanding, d.safeguarded, d.difference]),
      [["2026-11-25", "100.00", null, null]],
    );
    assert.equal(older.reserves.next, null);
  });

  it("C69 the reserves JSON verifies against the published key, and a tampered one does not", async () => {
    const { reserves, jws } = await publishedReserves({ config });
    const jwks = reservesJwks(config);
    assert.deepEqual(verifyJws(jws, jwks), reserves);
    const [header, body, signature] = jws.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as typeof reserves;
    claims.days[0]!.safeguarded = "999999.00";
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    assert.equal(verifyJws(forged, jwks), undefined);
    // Another key (another instance's) does not verify it either.
    const other = reservesJwks({ ...config, reservesKeySeed: Buffer.alloc(32, 7).toString("base64url") });
    assert.equal(verifyJws(jws, { keys: other.keys.map((k) => ({ ...k, kid: jwks.keys[0]!.kid })) }), undefined);
  });
});
