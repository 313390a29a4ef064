import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { changeRule } from "./change-rule.ts";
import { dryRunRule } from "./dry-run-rule.ts";
import { evaluateMovement } from "./evaluate-movement.ts";
import { listRules } from "./list-rules.ts";
import { credit, highRiskOf, makeProfile } from "./testing/movements.ts";
import { openAuditEntry } from "../audit/audit-text.ts";

// C67: a rule change is dry-run over the last 90 days (an injected clock) before it applies; the dry run writes
// nothing but its receipt; the change needs that receipt and is audit-logged.
await setUpTestInstance("monitoring_dry_run");

const NOW = new Date("2026-10-01T09:00:00Z");
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const isHighRisk = highRiskOf([]);

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  assert.fail("expected a refusal");
}

describe("dry run and change of a monitoring rule", async () => {
  const prisma = await db();
  const operator = await prisma.user.create({ data: { email: "compliance@example.com" } });
  const actor = { userId: operator.id };
  const profile = await makeProfile(ago(400 * DAY));
  // Inside the 90 days: 10,000.00 at 10, 50 and exactly 90 days, 9,000.00 at 20; outside: 90 days + 1 min, 100 days.
  for (const [amount, at] of [
    ["10000.00", ago(10 * DAY)],
    ["10000.00", ago(50 * DAY)],
    ["10000.00", ago(90 * DAY)],
    ["9000.00", ago(20 * DAY)],
    ["10000.00", ago(90 * DAY + 60_000)],
    ["10000.00", ago(100 * DAY)],
  ] as const) {
    await credit(profile, amount, at);
  }

  it("C67 a dry run counts the current and the proposed alerts over 90 days and changes nothing", async () => {
    const before = await listRules();
    const run = await dryRunRule({
      key: "large-amount",
      parameters: { threshold: "9000" },
      now: NOW,
      actor,
      isHighRisk,
    });
    assert.equal(run.current.count, 3);
    assert.equal(run.proposed.count, 4);
    assert.deepEqual([run.added, run.dropped], [1, 0]);
    assert.deepEqual(run.proposed.parameters, { threshold: "9000.00" });
    assert.equal(run.from, ago(90 * DAY).toISOString());
    assert.ok(run.proposed.alerts.every((a) => a.ruleKey === "large-amount" && a.profileId === profile));
    const limited = await dryRunRule({
      key: "large-amount",
      parameters: { threshold: "1.00" },
      days: 30,
      sample: 1,
      now: NOW,
      actor,
      isHighRisk,
    });
    assert.deepEqual([limited.current.count, limited.proposed.count, limited.proposed.alerts.length], [1, 2, 1]);
    assert.deepEqual(await listRules(), before, "no rule changed");
    assert.equal(await prisma.monitoringAlert.count(), 0, "no alert recorded");
    assert.equal(await prisma.monitoringDryRun.count(), 2, "only the receipts");
  });

  it("C67 a change is refused without its dry run, or with another's; with it, it applies once and is audited", async () => {
    const proposal = { key: "large-amount", parameters: { threshold: "9500.00" }, actor, now: NOW };
    const missing = await refusal(changeRule(proposal));
    assert.equal(missing.code, "CONFLICT");
    assert.ok(missing.fields?.dryRunId);
    const other = await dryRunRule({
      key: "large-amount",
      parameters: { threshold: "9400.00" },
      now: NOW,
      actor,
      isHighRisk,
    });
    const mismatch = await refusal(changeRule({ ...proposal, dryRunId: other.dryRunId }));
    assert.match(mismatch.fields?.dryRunId ?? "", /other parameters/);
    const foreign = await dryRunRule({
      key: "period-total",
      parameters: { threshold: "9500.00", windowDays: 30 },
      now: NOW,
      actor,
      isHighRisk,
    });
    assert.equal((await refusal(changeRule({ ...proposal, dryRunId: foreign.dryRunId }))).code, "CONFLICT");
    assert.equal((await refusal(changeRule({ ...proposal, dryRunId: "not-a-uuid" }))).code, "CONFLICT");
    const stale = await dryRunRule({
      key: "large-amount",
      parameters: { threshold: "9500" },
      now: ago(2 * DAY),
      actor,
      isHighRisk,
    });
    assert.match((await refusal(changeRule({ ...proposal, dryRunId: stale.dryRunId }))).message, /older than a day/);
    assert.deepEqual((await listRules()).find((r) => r.key === "large-amount")?.parameters, { threshold: "10000.00" });

    const run = await dryRunRule({
      key: "large-amount",
      parameters: { threshold: "9500" },
      now: NOW,
      actor,
      isHighRisk,
    });
    const changed = await changeRule({ ...proposal, dryRunId: run.dryRunId });
    assert.deepEqual(changed.parameters, { threshold: "9500.00" });
    assert.equal(changed.updatedById, operator.id);
    const [entry, ...more] = (await prisma.auditEntry.findMany({ where: { action: "monitoring.rule.change" } })).map(
      openAuditEntry,
    );
    assert.equal(more.length, 0);
    assert.equal(entry?.subjectType, "monitoring-rule");
    assert.equal(entry?.actorEmail, "compliance@example.com");
    assert.deepEqual(entry?.before, { key: "large-amount", enabled: true, parameters: { threshold: "10000.00" } });
    assert.deepEqual((entry?.after as { parameters: unknown }).parameters, { threshold: "9500.00" });
    assert.match((await refusal(changeRule({ ...proposal, dryRunId: run.dryRunId }))).message, /changed since|already/);
    assert.match(
      (await refusal(changeRule({ ...proposal, parameters: { threshold: "9400.00" }, dryRunId: other.dryRunId })))
        .message,
      /changed since/,
      "a dry run made against the old rule no longer holds",
    );

    // The next movement is judged by the new parameters.
    const id = await credit(profile, "9500.00", NOW);
    const alerts = await evaluateMovement({ kind: "credit", id }, { isHighRisk, clock: () => NOW });
    assert.ok(alerts.some((a) => a.ruleKey === "large-amount"));
  });

  it("C67 bad parameters and unknown rules are refused, the field named", async () => {
    const cases: [string, unknown, string][] = [
      ["large-amount", { threshold: "10,000" }, "parameters.threshold"],
      ["large-amount", { threshold: 10000 }, "parameters.threshold"],
      ["large-amount", { threshold: "0.00" }, "parameters.threshold"],
      ["large-amount", {}, "parameters.threshold"],
      ["large-amount", { threshold: "1.00", extra: 1 }, "parameters"],
      ["period-total", { threshold: "1.00", windowDays: 0 }, "parameters.windowDays"],
      ["structuring", { threshold: "1.00", lowerPercent: 90.5, count: 3, windowDays: 7 }, "parameters.lowerPercent"],
      ["pass-through", { minimumCredit: "1.00", redeemPercent: 101, windowHours: 48 }, "parameters.redeemPercent"],
      ["new-profile-volume", "30 days", "parameters"],
    ];
    for (const [key, parameters, field] of cases) {
      const error = await refusal(dryRunRule({ key, parameters, now: NOW, actor, isHighRisk }));
      assert.equal(error.code, "VALIDATION", JSON.stringify(parameters));
      assert.ok(error.fields?.[field], `${JSON.stringify(parameters)} names ${field}: ${JSON.stringify(error.fields)}`);
    }
    assert.equal(
      (await refusal(dryRunRule({ key: "velocity", parameters: {}, now: NOW, actor, isHighRisk }))).code,
      "NOT_FOUND",
    );
  });
});
