import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { evaluateMovement } from "./evaluate-movement.ts";
import type { MovementRef } from "./movement.ts";
import { credit, highRiskOf, makeProfile, redeem } from "./testing/movements.ts";

// C67: each default rule (as the migration seeds it) on movements that just reach it and just miss it, on a real
// database (PGlite, or PostgreSQL when DATABASE_URL is set).
await setUpTestInstance("monitoring_boundaries");

const T = new Date("2026-06-01T12:00:00Z");
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(T.getTime() - ms);
const isHighRisk = highRiskOf(["IR", "KP"]);
const old = () => makeProfile(ago(400 * DAY));

async function rulesHit(movement: MovementRef): Promise<string[]> {
  return (await evaluateMovement(movement, { isHighRisk, clock: () => T })).map((a) => a.ruleKey).sort();
}
const onCredit = (id: string) => rulesHit({ kind: "credit", id });
const onOrder = (id: string) => rulesHit({ kind: "order", id });

describe("monitoring rules at their boundaries", () => {
  it("C67 the migration seeds the six default rules, enabled", async () => {
    const prisma = await db();
    const rows = await prisma.monitoringRule.findMany({ orderBy: { key: "asc" } });
    assert.deepEqual(
      rows.map((r) => [r.key, r.enabled, r.parameters]),
      [
        ["high-risk-country", true, { minimumAmount: "0.00" }],
        ["large-amount", true, { threshold: "10000.00" }],
        ["new-profile-volume", true, { profileAgeDays: 30, threshold: "5000.00" }],
        ["pass-through", true, { minimumCredit: "1000.00", redeemPercent: 80, windowHours: 48 }],
        ["period-total", true, { threshold: "15000.00", windowDays: 30 }],
        ["structuring", true, { count: 3, lowerPercent: 90, threshold: "10000.00", windowDays: 7 }],
      ],
    );
  });

  it("C67 large-amount: 10,000.00 in or out alerts, 9,999.99 does not; an alert is raised once", async () => {
    const p = await old();
    const hit = await credit(p, "10000.00", T);
    assert.deepEqual(await onCredit(hit), ["large-amount"]);
    assert.deepEqual(await onCredit(hit), [], "evaluated again, the same rule does not alert twice");
    assert.deepEqual(await onOrder(await redeem(await old(), "10000.00", T)), ["large-amount"]);
    assert.deepEqual(await onCredit(await credit(await old(), "9999.99", T)), []);
    const alert = (await db()).monitoringAlert.findUnique({ where: { alertKey: `large-amount:credit:${hit}` } });
    assert.equal(
      (await alert)?.explanation,
      "One movement of 10000.00 EUR received, at or above the threshold of 10000.00 EUR",
    );
  });

  it("C67 period-total: 15,000.00 in 30 days alerts on the movement that reaches it; a minute outside does not", async () => {
    const p = await old();
    const first = await credit(p, "7500.00", ago(30 * DAY));
    const second = await credit(p, "7500.00", T);
    assert.deepEqual(await onCredit(second), ["period-total"]);
    const [alert] = await evaluateMovementAgainPeek(second);
    assert.deepEqual(alert?.related, [`credit:${first}`]);
    const after = await credit(p, "100.00", new Date(T.getTime() + MIN));
    assert.deepEqual(await onCredit(after), [], "already over: the next credit raises nothing");
    const q = await old();
    await credit(q, "7500.00", ago(30 * DAY + MIN));
    assert.deepEqual(await onCredit(await credit(q, "7500.00", T)), []);
    const r = await old();
    await credit(r, "7499.99", ago(DAY));
    assert.deepEqual(await onCredit(await credit(r, "7500.00", T)), []);
    const s = await old();
    await credit(s, "7500.00", ago(3 * DAY));
    assert.deepEqual(await onOrder(await redeem(s, "7500.00", T)), [], "money in and money out are totalled apart");
  });

  it("C67 structuring: three payments from 9,000.00 to 9,999.99 within 7 days alert; 8,999.99 or 8 days do not", async () => {
    const p = await old();
    await credit(p, "9000.00", ago(7 * DAY));
    await credit(p, "9999.99", ago(3 * DAY));
    const third = await credit(p, "9500.00", T);
    assert.ok((await onCredit(third)).includes("structuring"));
    const q = await old();
    await credit(q, "8999.99", ago(2 * DAY));
    await credit(q, "9999.99", ago(DAY));
    assert.ok(!(await onCredit(await credit(q, "9500.00", T))).includes("structuring"));
    const r = await old();
    await credit(r, "9000.00", ago(7 * DAY + MIN));
    await credit(r, "9000.00", ago(DAY));
    assert.ok(!(await onCredit(await credit(r, "9000.00", T))).includes("structuring"));
  });

  it("C67 pass-through: 80% of a 1,000.00 credit redeemed within 48 h alerts; 79.99%, 999.99 or 48 h + 1 min do not", async () => {
    const cases: [string, string, number, boolean][] = [
      ["1000.00", "800.00", 48 * HOUR, true],
      ["1000.00", "799.99", HOUR, false],
      ["999.99", "999.99", HOUR, false],
      ["1000.00", "1000.00", 48 * HOUR + MIN, false],
    ];
    for (const [inAmount, outAmount, gap, hits] of cases) {
      const p = await old();
      await credit(p, inAmount, ago(gap));
      const rules = await onOrder(await redeem(p, outAmount, T));
      assert.equal(rules.includes("pass-through"), hits, `${inAmount} in, ${outAmount} out ${gap / MIN} min later`);
    }
    const p = await old();
    await redeem(p, "900.00", ago(HOUR), { state: "rejected" });
    assert.deepEqual(await onCredit(await credit(p, "1000.00", T)), [], "a credit after a redeem is not pass-through");
  });

  it("C67 new-profile-volume: 5,000.00 within 30 days of approval alerts; at 30 days or 4,999.99 it does not", async () => {
    const young = await makeProfile(ago(30 * DAY - MIN));
    assert.deepEqual(await onCredit(await credit(young, "5000.00", T)), ["new-profile-volume"]);
    const aged = await makeProfile(ago(30 * DAY));
    assert.deepEqual(await onCredit(await credit(aged, "5000.00", T)), []);
    const small = await makeProfile(ago(DAY));
    await credit(small, "4000.00", ago(HOUR));
    assert.deepEqual(await onOrder(await redeem(small, "999.99", T)), []);
    assert.deepEqual(
      await onOrder(await redeem(small, "0.01", new Date(T.getTime() + MIN))),
      ["new-profile-volume"],
      "in and out both count",
    );
  });

  it("C67 high-risk-country: a debtor or counterpart IBAN of a high-risk country alerts, another does not", async () => {
    const p = await old();
    assert.deepEqual(await onCredit(await credit(p, "10.00", T, "IR580540105180021273113007")), ["high-risk-country"]);
    assert.deepEqual(await onOrder(await redeem(p, "10.00", T, { iban: "kp0000000000000000" })), ["high-risk-country"]);
    assert.deepEqual(await onOrder(await redeem(p, "10.00", T, { iban: "FR1420041010050500013M02606" })), []);
  });

  it("C67 C70 only the movement evaluated has its sealed IBAN opened, not the profile's history before it", async () => {
    const p = await old();
    const history = [
      await credit(p, "10.00", ago(DAY), "IR580540105180021273113007"),
      await credit(p, "10.00", ago(2 * DAY)),
    ];
    const earlierRedeem = await redeem(p, "10.00", ago(3 * DAY), { iban: "kp0000000000000000" });
    // Sealed values no key opens: the history would fail to read if any of it were opened.
    const unopenable = {
      sealed:
        "v1.gone.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAA.AAAA",
    };
    const prisma = await db();
    await prisma.incomingPayment.updateMany({ where: { id: { in: history } }, data: { debtor: unopenable } });
    await prisma.order.update({ where: { id: earlierRedeem }, data: { counterpart: unopenable } });
    assert.deepEqual(await onCredit(await credit(p, "10.00", T, "IR580540105180021273113007")), ["high-risk-country"]);
    assert.deepEqual(await onOrder(await redeem(p, "10.00", T, { iban: "FR1420041010050500013M02606" })), []);
  });
});

/** The alert a movement raised, as recorded. */
async function evaluateMovementAgainPeek(creditId: string) {
  const prisma = await db();
  return prisma.monitoringAlert.findMany({ where: { subjectId: creditId } });
}
