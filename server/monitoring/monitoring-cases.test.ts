import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { before, describe, it } from "node:test";
import pino from "pino";
import { decideApproval } from "../approvals/decide-approval.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { isSealed } from "../keys/sealed-value.ts";
import { grantOperator } from "../operators/grant-operator.ts";
import { clearCase, requestCaseConfirmation } from "../screening/cases/decide-case.ts";
import { listCases, readCase } from "../screening/cases/list-cases.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { mulberry32 } from "../testing/seeded-random.ts";
import { evaluateMovement } from "./evaluate-movement.ts";
import { evaluateMovements } from "./evaluate-movements.ts";
import { monitorAfterCommit, monitoringSettled } from "./monitor-after-commit.ts";
import type { MovementRef } from "./movement.ts";
import { scanPeriod } from "./scan-period.ts";
import { credit, highRiskOf, makeProfile, redeem } from "./testing/movements.ts";

// C67 (and C66 for the freeze): a monitoring alert is a case in the compliance queue, once per alert, decided as a
// screening case is; the evaluation after a commit never throws. On a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set).
await setUpTestInstance("monitoring_cases");

const T = new Date("2026-07-01T12:00:00Z");
const DAY = 86_400_000;
const isHighRisk = highRiskOf([]);
const clock = () => T;
const stamp = () => randomBytes(4).toString("hex");

async function operator() {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `op-${stamp()}@example.com` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles: ["compliance"] }));
  return { userId: user.id };
}

async function casesOf(profileId: string) {
  const prisma = await db();
  return prisma.complianceCase.findMany({ where: { profileId }, orderBy: { seq: "asc" } });
}

let officer: { userId: string };
let second: { userId: string };
before(async () => {
  officer = await operator();
  second = await operator();
});

describe("C67 monitoring alerts are cases", () => {
  it("C67 an alert opens one monitoring case holding nothing, with the rule, amount, window and movements", async () => {
    const profile = await makeProfile(new Date(T.getTime() - 400 * DAY));
    const first = await credit(profile, "8000.00", new Date(T.getTime() - 2 * DAY));
    const reaching = await credit(profile, "7000.00", T);
    const raised = await evaluateMovement({ kind: "credit", id: reaching }, { isHighRisk, clock });
    assert.deepEqual(
      raised.map((a) => a.ruleKey),
      ["period-total"],
    );
    const [row, ...more] = await casesOf(profile);
    assert.ok(row);
    assert.equal(more.length, 0);
    // Kept sealed at rest (C70), read as the alert said it.
    assert.equal(isSealed(row.subjectName), true);
    assert.equal(isSealed(row.detail), true);
    const view = await readCase(row.id);
    assert.equal(view.kind, "monitoring");
    assert.equal(view.state, "open");
    assert.equal(view.subjectKind, "period-total");
    assert.equal(view.subjectName, "Total in a period");
    assert.equal(view.holds, "");
    assert.equal(view.holdsId, null);
    assert.equal(view.listSource, null);
    assert.equal(view.score, null);
    assert.equal(view.explanation, raised[0]!.explanation);
    const payment = await (await db()).incomingPayment.findUniqueOrThrow({ where: { id: reaching } });
    const alert = await (
      await db()
    ).monitoringAlert.findUniqueOrThrow({
      where: { alertKey: `period-total:credit:${reaching}` },
    });
    assert.deepEqual(view.detail, {
      alertId: alert.id,
      rule: { key: "period-total", name: "Total in a period" },
      amount: "7000.00",
      currency: "EUR",
      window: { from: new Date(T.getTime() - 30 * DAY).toISOString(), until: T.toISOString() },
      explanation: raised[0]!.explanation,
      movement: { kind: "credit", id: reaching, orderId: payment.orderId },
      related: [`credit:${first}`],
    });
    assert.deepEqual(
      view.events.map((e) => e.action),
      ["opened"],
    );

    // Evaluated again (the movement processed, the nightly sweep): no second alert, no second case.
    assert.deepEqual(await evaluateMovement({ kind: "credit", id: reaching }, { isHighRisk, clock }), []);
    assert.equal((await casesOf(profile)).length, 1);
    // Listed by kind: among the monitoring cases, not among the screening ones.
    const pages = async (kind: "monitoring" | "screening") => {
      const ids: string[] = [];
      for (let page = 1; ; page += 1) {
        const found = await listCases({ state: "open", kind, page });
        ids.push(...found.cases.map((c) => c.id));
        if (page >= found.pages) return ids;
      }
    };
    assert.ok((await pages("monitoring")).includes(row.id));
    assert.ok(!(await pages("screening")).includes(row.id));
  });

  it("C67 evaluations of one movement racing each other raise one alert and open one case", async () => {
    const profile = await makeProfile(new Date(T.getTime() - 400 * DAY));
    const order = await redeem(profile, "12000.00", T);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => evaluateMovement({ kind: "order", id: order }, { isHighRisk, clock })),
    );
    assert.equal(results.flat().length, 1);
    const cases = await casesOf(profile);
    assert.deepEqual(
      cases.map((c) => [c.kind, c.subjectKind, c.openKey]),
      [["monitoring", "large-amount", `monitoring:large-amount:order:${order}`]],
    );
  });

  it("C67 C66 cleared like a screening case; confirmed as suspicious activity by two officers, the profile is frozen", async () => {
    const prisma = await db();
    const config = getConfig();
    const cleared = await makeProfile(new Date(T.getTime() - 400 * DAY));
    await evaluateMovement({ kind: "order", id: await redeem(cleared, "10000.00", T) }, { isHighRisk, clock });
    const [clearing] = await casesOf(cleared);
    assert.ok(clearing);
    await clearCase({ caseId: clearing.id, reason: "A house purchase, documents seen", actor: officer });
    assert.equal((await readCase(clearing.id)).state, "cleared");
    assert.equal((await prisma.profile.findUniqueOrThrow({ where: { id: cleared } })).frozenAt, null);

    const suspect = await makeProfile(new Date(T.getTime() - 400 * DAY));
    await evaluateMovement({ kind: "order", id: await redeem(suspect, "25000.00", T) }, { isHighRisk, clock });
    const [confirming] = await casesOf(suspect);
    assert.ok(confirming);
    const asked = await requestCaseConfirmation({
      caseId: confirming.id,
      reason: "No source of funds given",
      actor: officer,
    });
    assert.equal(asked.action, "case.confirm");
    assert.match(asked.summary, /suspicious activity by Test \(Large amount\)/);
    await assert.rejects(
      decideApproval({ approvalId: asked.id, decision: "approve", actor: officer, config }),
      (e: { code?: string }) => e.code === "FORBIDDEN",
    );
    assert.equal((await prisma.profile.findUniqueOrThrow({ where: { id: suspect } })).frozenAt, null);
    await decideApproval({ approvalId: asked.id, decision: "approve", actor: second, config });
    const frozen = await prisma.profile.findUniqueOrThrow({ where: { id: suspect } });
    assert.ok(frozen.frozenAt);
    assert.equal(frozen.state, "blocked");
    assert.deepEqual(
      (await readCase(confirming.id)).events.map((e) => e.action),
      ["opened", "confirmation-asked", "confirmed"],
    );
  });

  it("C67 a batch (a bank file's credits) raises exactly what the rules raise on each of its movements (seeded)", async () => {
    const prisma = await db();
    const random = mulberry32(6701);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
    // A fortnight no other test writes in, its movements from a few profiles, amounts around the thresholds.
    const start = new Date("2032-05-01T00:00:00Z").getTime();
    const profiles = await Promise.all(
      Array.from({ length: 4 }, (_, i) => makeProfile(new Date(start - (i % 2 === 0 ? 400 : 5) * DAY))),
    );
    const refs: MovementRef[] = [];
    for (let i = 0; i < 40; i++) {
      const profile = profiles[int(0, profiles.length - 1)]!;
      const when = new Date(start + int(0, 14 * 24) * 3_600_000);
      const amount = `${int(900, 10_500)}.${String(int(0, 99)).padStart(2, "0")}`;
      if (random() < 0.6) {
        const id = await credit(profile, amount, when);
        // The importer names its credits by their issue orders; an operator's tools by the credit itself.
        const { orderId } = await prisma.incomingPayment.findUniqueOrThrow({ where: { id } });
        refs.push(random() < 0.5 ? { kind: "order", id: orderId } : { kind: "credit", id });
      } else refs.push({ kind: "order", id: await redeem(profile, amount, when) });
    }
    const until = new Date(start + 15 * DAY);
    const expected = await scanPeriod({ from: new Date(start), until, isHighRisk });
    assert.ok(expected.length > 5, `the seed raises alerts of several rules (${expected.length})`);
    const { alerts, missing } = await evaluateMovements(refs, { isHighRisk, clock });
    assert.deepEqual(missing, []);
    assert.deepEqual(alerts.map((a) => a.alertKey).sort(), expected.map((a) => a.alertKey).sort());
    const cases = await prisma.complianceCase.count({ where: { profileId: { in: profiles }, kind: "monitoring" } });
    assert.equal(cases, expected.length);
    assert.deepEqual((await evaluateMovements(refs, { isHighRisk, clock })).alerts, []);
  });

  it("C67 the evaluation after a commit logs a failure with the movement and throws nothing; a good one opens its case", async () => {
    const lines: string[] = [];
    const holder = globalThis as typeof globalThis & { __tokenrailLogger?: pino.Logger };
    const kept = holder.__tokenrailLogger;
    holder.__tokenrailLogger = pino(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    try {
      const missing = "00000000-0000-4000-8000-000000000000";
      const profile = await makeProfile(new Date(T.getTime() - 400 * DAY));
      const order = await redeem(profile, "11000.00", T);
      monitorAfterCommit([
        { kind: "order", id: missing },
        { kind: "order", id: order },
      ]);
      await monitoringSettled();
      const failure = lines.map((l) => JSON.parse(l) as { movement?: string; msg: string });
      assert.deepEqual(
        failure.map((l) => [l.movement, l.msg]),
        [[`order:${missing}`, "monitoring could not evaluate the movement: not found"]],
      );
      assert.equal((await casesOf(profile)).length, 1, "the movement after the failed one was still evaluated");
    } finally {
      holder.__tokenrailLogger = kept;
    }
  });
});
