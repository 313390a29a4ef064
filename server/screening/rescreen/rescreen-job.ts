import { serverClock, type Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { ClaimHolder } from "../../db/claim-holder.ts";
import { claimHolder, db } from "../../db/client.ts";
import { startWakeable } from "../../jobs/periodic.ts";
import { logger } from "../../logging/logger.ts";
import { buildScreeningIndex } from "../match/screening-index.ts";
import {
  claimRescreen,
  LostClaim,
  rescreenAddresses,
  rescreenProfiles,
  RESCREEN_LEASE_MS,
  versionDelta,
} from "./rescreen-version.ts";
import { onRescreenWake } from "./rescreen-wake.ts";

type RescreenOptions = { environment: string; threshold: number; holder: ClaimHolder; clock?: Clock };

/**
 * Works every re-screening not done, one at a time (C65): each is claimed for this process's claim holder, and
 * worked batch by batch from its cursor, so one interrupted (a crash, a deploy) is taken up where it stopped, by
 * any instance, as soon as its holder is seen gone. Returns how many it finished.
 */
export async function runRescreens(options: RescreenOptions): Promise<number> {
  const { holder, clock = serverClock } = options;
  const prisma = await db();
  let finished = 0;
  for (;;) {
    const id = holder.current();
    if (id === undefined) return finished;
    const versionId = await claimRescreen(prisma, { holder: id, now: clock() });
    if (!versionId) return finished;
    if (await rescreenVersion({ ...options, versionId, holderId: id })) finished++;
  }
}

async function rescreenVersion(options: RescreenOptions & { versionId: string; holderId: number }): Promise<boolean> {
  const { versionId, holder, holderId, threshold, clock = serverClock } = options;
  const prisma = await db();
  const delta = await versionDelta(versionId, options.environment);
  const index = buildScreeningIndex(delta);
  const hasNames = index.nameCount > 0;
  const hasAddresses = delta.some(({ entry }) => entry.walletAddresses.length > 0);
  try {
    for (;;) {
      const row = await prisma.sanctionsRescreen.findUnique({ where: { versionId } });
      if (!row || row.state === "done" || row.claimedBy !== holderId || !holder.holds(holderId)) return false;
      const now = clock();
      const step = { versionId, index, cursor: row.cursor, holder: holderId, now };
      if (row.phase === "profiles" && hasNames) {
        await rescreenProfiles({ ...step, threshold });
      } else if (row.phase === "addresses" && hasAddresses) {
        if ((await rescreenAddresses(step)).done) break;
      } else {
        // Nothing in this version can hit in this phase: on to the next, under the same claim.
        const next = row.phase === "profiles" ? { phase: "addresses" } : { phase: "done", state: "done" };
        const { count } = await prisma.sanctionsRescreen.updateMany({
          where: { versionId, claimedBy: holderId, state: "running" },
          data: {
            ...next,
            cursor: null,
            claimedUntil: new Date(now.getTime() + RESCREEN_LEASE_MS),
            ...(next.state ? { finishedAt: now, claimedBy: null } : {}),
          },
        });
        if (count !== 1) return false;
        if (next.state) break;
      }
    }
  } catch (error) {
    if (error instanceof LostClaim) return false;
    throw error;
  }
  const done = await prisma.sanctionsRescreen.findUnique({ where: { versionId } });
  logger().info(
    {
      version: versionId,
      profiles: done?.profilesScreened,
      addresses: done?.addressesScreened,
      casesOpened: done?.casesOpened,
    },
    "customers re-screened after a list version",
  );
  return true;
}

/** The re-screening job: woken by an import in this process, by a holder seen gone, and every half minute. */
export async function startRescreenJob(config: Pick<Config, "environment" | "screening">): Promise<void> {
  const holder = await claimHolder();
  const job = startWakeable("sanctions-rescreen", 30_000, () =>
    runRescreens({ environment: config.environment, threshold: config.screening.threshold, holder }),
  );
  onRescreenWake(job.wake);
  holder.onHoldersGone(job.wake);
}
