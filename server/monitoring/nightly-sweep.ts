import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { logger } from "../logging/logger.ts";
import { countryRisk } from "./country-risk.ts";
import { sweepPeriod } from "./evaluate-movement.ts";
import type { Alert } from "./movement.ts";
import type { HighRiskCheck } from "./rule-engine.ts";

/*
 * The nightly sweep (C67): once a day, from the configured UTC hour, the whole previous UTC day goes through the
 * enabled rules again. It is the backstop of the evaluation after each commit (`monitor-after-commit.ts`): a
 * movement whose evaluation a crash lost is evaluated here, and what was raised already is not raised again.
 * Every instance tries; the day's row in `MonitoringSweep` is the claim, so one instance sweeps it. A sweep that
 * fails gives its claim back at once; one whose instance died is taken again when its lease has run out.
 */

const DAY_MS = 86_400_000;
/** How long a claim holds without its instance finishing: longer than a day's sweep takes. */
export const SWEEP_LEASE_MS = 60 * 60_000;
/** How often each instance looks whether the day was swept. */
export const SWEEP_CHECK_MS = 10 * 60_000;

/** This process, as a claim names it. */
const INSTANCE = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export type SweepOutcome =
  { day: string; outcome: "not-yet" | "done-before" | "taken" } | { day: string; outcome: "swept"; alerts: number };

/** The UTC day before `now`, `YYYY-MM-DD`, and its first and last millisecond. */
export function previousDay(now: Date): { day: string; from: Date; until: Date } {
  const from = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - DAY_MS);
  return { day: from.toISOString().slice(0, 10), from, until: new Date(from.getTime() + DAY_MS - 1) };
}

/**
 * Sweeps the previous UTC day if it is time (`sweepHour` or later) and no instance swept it or is sweeping it.
 * `instance` and `sweep` are for tests (two instances racing; a sweep that fails).
 */
export async function sweepPreviousDay(options: {
  sweepHour: number;
  clock?: Clock;
  isHighRisk?: HighRiskCheck;
  instance?: string;
  sweep?: (period: { from: Date; until: Date }) => Promise<Alert[]>;
}): Promise<SweepOutcome> {
  const clock = options.clock ?? serverClock;
  const now = clock();
  const { day, from, until } = previousDay(now);
  if (now.getUTCHours() < options.sweepHour) return { day, outcome: "not-yet" };
  const prisma = await db();
  const known = await prisma.monitoringSweep.findUnique({ where: { day }, select: { state: true } });
  if (known?.state === "done") return { day, outcome: "done-before" };
  if (!(await claimDay(day, options.instance ?? INSTANCE, now))) return { day, outcome: "taken" };
  const sweep =
    options.sweep ?? ((period) => sweepPeriod({ ...period, isHighRisk: options.isHighRisk ?? countryRisk, clock }));
  try {
    const alerts = await sweep({ from, until });
    await prisma.monitoringSweep.update({
      where: { day },
      data: { state: "done", finishedAt: clock(), alerts: alerts.length, lastError: null },
    });
    logger().info({ day, alerts: alerts.length }, "monitoring swept the day");
    return { day, outcome: "swept", alerts: alerts.length };
  } catch (error) {
    // Given back at once: the next look (here or on another instance) sweeps the day again from its start.
    await prisma.monitoringSweep.update({
      where: { day },
      data: { leaseUntil: clock(), lastError: String(error instanceof Error ? error.message : error).slice(0, 2000) },
    });
    throw error;
  }
}

/**
 * Takes the day for this instance: a new row, or a row not done whose lease has run out. Atomic: of two instances
 * racing, the second waits on the row's key and then finds the first's lease running.
 */
async function claimDay(day: string, instance: string, now: Date): Promise<boolean> {
  const prisma = await db();
  const leaseUntil = new Date(now.getTime() + SWEEP_LEASE_MS);
  const rows = await prisma.$queryRaw<{ day: string }[]>`
    INSERT INTO "MonitoringSweep" ("day", "state", "claimedBy", "leaseUntil", "attempts", "startedAt")
    VALUES (${day}, 'running', ${instance}, ${leaseUntil}, 1, ${now})
    ON CONFLICT ("day") DO UPDATE SET "claimedBy" = EXCLUDED."claimedBy", "leaseUntil" = EXCLUDED."leaseUntil",
      "startedAt" = EXCLUDED."startedAt", "attempts" = "MonitoringSweep"."attempts" + 1
    WHERE "MonitoringSweep"."state" <> 'done' AND "MonitoringSweep"."leaseUntil" <= ${now}
    RETURNING "day"`;
  return rows.length === 1;
}
