import { SYSTEM_ACTOR } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { fileStorage } from "../files/configured-storage.ts";
import type { FileStorage } from "../files/storage.ts";
import { logger } from "../logging/logger.ts";
import { eraseInTransaction, finishErasure } from "./erase-profile.ts";
import { deleteExpiredRequests } from "./expired-requests.ts";

/** How often each instance looks for profiles whose retention period has run out. */
export const ERASURE_CHECK_MS = 60 * 60_000;
/** Profiles erased in one run at most; the next run takes the rest. */
const BATCH = 100;

/**
 * The scheduled erasure (C71): every profile closed longer ago than the retention period is erased, one transaction
 * each. Every instance runs it; a profile is claimed by its row lock (`FOR UPDATE SKIP LOCKED`) and erased only while
 * `erasedAt` is empty, so two instances never erase one profile twice and a rerun finds nothing left to do. Erasures
 * whose stored contents a crash left in place are finished first. Then `/auth` requests long expired are deleted
 * (./expired-requests.ts), with the e-mail hint they may keep.
 */
export async function eraseDueProfiles(options: {
  config: Pick<Config, "retention" | "files" | "keys" | "secret">;
  clock?: Clock;
  storage?: FileStorage;
}): Promise<{ erased: string[]; resumed: number; expiredRequests: number }> {
  const clock = options.clock ?? serverClock;
  const storage = options.storage ?? fileStorage(options.config);
  const prisma = await db();
  const unfinished = await prisma.profileErasure.findMany({ where: { finishedAt: null }, select: { profileId: true } });
  for (const { profileId } of unfinished) await finishErasure(profileId, storage, clock());
  const erased: string[] = [];
  for (let i = 0; i < BATCH; i++) {
    const now = clock();
    const cutoff = new Date(now);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - options.config.retention.years);
    const profileId = await prisma.$transaction(async (tx) => {
      const [due] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Profile"
        WHERE state = 'closed' AND "erasedAt" IS NULL AND "closedAt" <= ${cutoff}
        ORDER BY "closedAt" LIMIT 1 FOR UPDATE SKIP LOCKED`;
      if (!due) return undefined;
      await eraseInTransaction(tx, { profileId: due.id, cause: "retention", actor: SYSTEM_ACTOR, now });
      return due.id;
    });
    if (!profileId) break;
    await finishErasure(profileId, storage, clock());
    erased.push(profileId);
  }
  if (erased.length > 0 || unfinished.length > 0) {
    logger().info({ erased: erased.length, resumed: unfinished.length }, "profiles past their retention erased");
  }
  const expiredRequests = await deleteExpiredRequests(clock());
  if (expiredRequests > 0) logger().info({ deleted: expiredRequests }, "expired /auth requests deleted");
  return { erased, resumed: unfinished.length, expiredRequests };
}
