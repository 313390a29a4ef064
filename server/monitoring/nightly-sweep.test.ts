import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import type { Alert } from "./movement.ts";
import { previousDay, sweepPreviousDay, SWEEP_LEASE_MS } from "./nightly-sweep.ts";
import { credit, highRiskOf, makeProfile, redeem } from "./testing/movements.ts";

// C67: the nightly sweep takes the previous UTC day once, whichever instances try, resumes a failed or abandoned
// sweep, and raises (with their cases) the alerts whose evaluation after the commit was lost. On a real database
// (PGlite, or PostgreSQL when DATABASE_URL is set). Each test sweeps a day of its own.
await setUpTestInstance("monitoring_sweep");

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const isHighRisk = highRiskOf([]);
const at = (iso: string) => () => new Date(iso);

async function sweepRow(day: string) {
  return (await db()).monitoringSweep.findUniqueOrThrow({ where: { day } });
}

describe("C67 the nightly sweep", () => {
  it("C67 the previous UTC day is its first and last millisecond", () => {
    assert.deepEqual(previousDay(new Date("2031-03-01T00:00:00.000Z")), {
      day: "2031-02-28",
      from: new Date("2031-02-28T00:00:00.000Z"),
      until: new Date("2031-02-28T23:59:59.999Z"),
    });
    assert.equal(previousDay(new Date("2031-03-01T23:59:59.999Z")).day, "2031-02-28");
  });

  it("C67 two instances racing: one sweeps the day, the other finds it taken, later looks find it done", async () => {
    let sweeps = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = async (): Promise<Alert[]> => {
      sweeps += 1;
      await held;
      return [];
    };
    const clock = at("2031-01-11T03:00:00Z");
    const first = sweepPreviousDay({ sweepHour: 2, clock, instance: "a", sweep: slow });
    const second = sweepPreviousDay({ sweepHour: 2, clock, instance: "b", sweep: slow });
    // Both are under way before either finished: the claim alone keeps the second out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const outcomes = (await Promise.all([first, second])).map((o) => o.outcome).sort();
    assert.deepEqual(outcomes, ["swept", "taken"]);
    assert.equal(sweeps, 1);
    const row = await sweepRow("2031-01-10");
    assert.equal(row.state, "done");
    assert.equal(row.attempts, 1);
    const later = await sweepPreviousDay({
      sweepHour: 2,
      clock: at("2031-01-11T23:00:00Z"),
      instance: "b",
      sweep: slow,
    });
    assert.deepEqual(later, { day: "2031-01-10", outcome: "done-before" });
    assert.equal(sweeps, 1);
  });

  it("C67 before the hour nothing is claimed", async () => {
    const early = await sweepPreviousDay({ sweepHour: 2, clock: at("2031-01-21T01:59:59Z"), instance: "a" });
    assert.deepEqual(early, { day: "2031-01-20", outcome: "not-yet" });
    assert.equal(await (await db()).monitoringSweep.findUnique({ where: { day: "2031-01-20" } }), null);
  });

  it("C67 a failed sweep gives the day back at once; one whose instance died is taken again after its lease", async () => {
    const failing = () => Promise.reject(new Error("database went away"));
    await assert.rejects(
      sweepPreviousDay({ sweepHour: 0, clock: at("2031-02-02T00:10:00Z"), instance: "a", sweep: failing }),
      /database went away/,
    );
    assert.equal((await sweepRow("2031-02-01")).lastError, "database went away");
    const retried = await sweepPreviousDay({
      sweepHour: 0,
      clock: at("2031-02-02T00:20:00Z"),
      instance: "b",
      sweep: () => Promise.resolve([]),
    });
    assert.equal(retried.outcome, "swept");
    assert.equal((await sweepRow("2031-02-01")).attempts, 2);

    // Instance "a" claimed the next day and died mid-sweep: its claim holds until the lease ends, then "b" takes it.
    const never = () => new Promise<Alert[]>(() => undefined);
    void sweepPreviousDay({ sweepHour: 0, clock: at("2031-02-03T00:10:00Z"), instance: "a", sweep: never });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const within = await sweepPreviousDay({
      sweepHour: 0,
      clock: () => new Date(new Date("2031-02-03T00:10:00Z").getTime() + SWEEP_LEASE_MS - 1),
      instance: "b",
      sweep: () => Promise.resolve([]),
    });
    assert.equal(within.outcome, "taken");
    const after = await sweepPreviousDay({
      sweepHour: 0,
      clock: () => new Date(new Date("2031-02-03T00:10:00Z").getTime() + SWEEP_LEASE_MS),
      instance: "b",
      sweep: () => Promise.resolve([]),
    });
    assert.equal(after.outcome, "swept");
    const row = await sweepRow("2031-02-02");
    assert.deepEqual([row.state, row.claimedBy, row.attempts], ["done", "b", 2]);
  });

  it("C67 a movement whose evaluation was lost after its commit is raised by the next night's sweep, with its case, once", async () => {
    const prisma = await db();
    const T = new Date("2031-04-10T15:00:00Z");
    const profile = await makeProfile(new Date(T.getTime() - 400 * DAY));
    // Written as the order and importer code write them, and never evaluated: the process died after the commit.
    const order = await redeem(profile, "10000.00", T);
    const payment = await credit(profile, "10500.00", new Date(T.getTime() + HOUR));
    const outside = await redeem(profile, "10000.00", new Date("2031-04-11T00:00:00Z"));
    const night = at("2031-04-11T02:30:00Z");
    const swept = await sweepPreviousDay({ sweepHour: 2, clock: night, instance: "a", isHighRisk });
    assert.deepEqual(swept, { day: "2031-04-10", outcome: "swept", alerts: 2 });
    const cases = await prisma.complianceCase.findMany({ where: { profileId: profile }, orderBy: { seq: "asc" } });
    assert.deepEqual(cases.map((c) => [c.kind, c.subjectKind, c.openKey]).sort(), [
      ["monitoring", "large-amount", `monitoring:large-amount:credit:${payment}`],
      ["monitoring", "large-amount", `monitoring:large-amount:order:${order}`],
    ]);
    assert.equal(
      await prisma.monitoringAlert.count({ where: { subjectId: outside } }),
      0,
      "the next day is the next night's",
    );
    // The same day swept again (a second sweep after a lost claim) raises nothing twice.
    await prisma.monitoringSweep.update({ where: { day: "2031-04-10" }, data: { state: "running", leaseUntil: T } });
    const again = await sweepPreviousDay({ sweepHour: 2, clock: night, instance: "b", isHighRisk });
    assert.deepEqual(again, { day: "2031-04-10", outcome: "swept", alerts: 0 });
    assert.equal(await prisma.complianceCase.count({ where: { profileId: profile } }), 2);
  });
});
