import type { Config } from "../config.ts";
import type { ClaimHolder } from "../db/claim-holder.ts";
import { claimHolder, db } from "../db/client.ts";
import { encryptPlainContents } from "../files/encrypt-plain-contents.ts";
import { startWakeable } from "../jobs/periodic.ts";
import { logger } from "../logging/logger.ts";
import { instanceKeyring } from "./instance-keyring.ts";
import type { Progress } from "./progress.ts";
import { rewrapDataKeys } from "./rewrap-data-keys.ts";
import { sealPlainRecords } from "./seal-plain-records.ts";

/*
 * The background passes over stored data that the keys at rest call for (C70), as rows of "KeyWork":
 * - `seal-contents` and `seal-records`: what was stored in plain text before sealing began, sealed in place. Every
 *   write since is sealed, so once done a pass is never repeated (a start no longer rescans every file).
 * - `rewrap`: after a rotation (a newer key current in the keyring), the data keys an older key wraps, re-wrapped.
 *   A newer rotation starts it again under its own key.
 * An instance claims one row at a time for its claim holder (as re-screening does), records how far it got at most
 * once a second, and marks it done; one that dies leaves its row to the next instance's round. Every pass is made of
 * steps that can be repeated, so a resumed pass starts again from the beginning and skips what is already done.
 */

export type KeyWorkName = "seal-contents" | "seal-records" | "rewrap";

export const KEY_WORK_LEASE_MS = 2 * 60_000;
const FLUSH_MS = 1_000;
const ROUND_MS = 60_000;

type Config_ = Pick<Config, "files" | "keys" | "secret">;

class ClaimLost extends Error {}

/** The rows this keyring calls for: the sealing passes once, a re-wrap when the keyring holds more than one key. */
async function ensureRows(config: Config_, now: Date): Promise<void> {
  const prisma = await db();
  const keyring = instanceKeyring(config);
  await prisma.$executeRaw`
    INSERT INTO "KeyWork" (name, "kekId", "updatedAt")
    VALUES ('seal-contents', ${keyring.currentKekId}, ${now}), ('seal-records', ${keyring.currentKekId}, ${now})
    ON CONFLICT (name) DO NOTHING`;
  if (keyring.kekIds.length < 2) return;
  // A rotation to another key than the last re-wrap's starts the pass again.
  await prisma.$executeRaw`
    INSERT INTO "KeyWork" (name, "kekId", "updatedAt") VALUES ('rewrap', ${keyring.currentKekId}, ${now})
    ON CONFLICT (name) DO UPDATE SET "kekId" = EXCLUDED."kekId", state = 'pending', "claimedBy" = NULL,
      "claimedUntil" = NULL, total = 0, done = 0, failed = 0, "startedAt" = NULL, "finishedAt" = NULL,
      "updatedAt" = EXCLUDED."updatedAt"
    WHERE "KeyWork"."kekId" <> EXCLUDED."kekId"`;
}

/** Claims a row not done, unclaimed or whose holder is gone; a re-wrap only under this instance's current key. */
async function claim(holder: number, kekId: string, now: Date): Promise<KeyWorkName | undefined> {
  const prisma = await db();
  const until = new Date(now.getTime() + KEY_WORK_LEASE_MS);
  const rows = await prisma.$queryRaw<{ name: KeyWorkName }[]>`
    UPDATE "KeyWork" SET state = 'running', "claimedBy" = ${holder}, "claimedUntil" = ${until},
      "startedAt" = COALESCE("startedAt", ${now}), "updatedAt" = ${now}, done = 0, failed = 0
    WHERE name = (
      SELECT name FROM "KeyWork"
      WHERE state <> 'done' AND (name <> 'rewrap' OR "kekId" = ${kekId})
        AND ("claimedBy" IS NULL OR "claimedUntil" < ${now}
          OR "claimedBy" NOT IN (SELECT h FROM "live_claim_holders"() AS h))
      ORDER BY name LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING name`;
  return rows[0]?.name;
}

/** Progress recorded on the claimed row at most once a second, which also extends the claim; a lost claim stops. */
function rowProgress(name: KeyWorkName, holder: ClaimHolder, holderId: number): Progress & { flush(): Promise<void> } {
  let total = 0;
  let done = 0;
  let failed = 0;
  let flushedAt = 0;
  const flush = async () => {
    if (!holder.holds(holderId)) throw new ClaimLost();
    const prisma = await db();
    const now = new Date();
    flushedAt = now.getTime();
    const updated = await prisma.keyWork.updateMany({
      where: { name, claimedBy: holderId, state: "running" },
      data: { total, done, failed, updatedAt: now, claimedUntil: new Date(now.getTime() + KEY_WORK_LEASE_MS) },
    });
    if (updated.count === 0) throw new ClaimLost();
  };
  return {
    flush,
    async setTotal(n) {
      total = n;
      await flush();
    },
    async advance(n, f = 0) {
      done += n;
      failed += f;
      // A pass may find more than it counted at first (rows written meanwhile): the total grows with it.
      total = Math.max(total, done);
      if (Date.now() - flushedAt >= FLUSH_MS) await flush();
    },
  };
}

async function runPass(config: Config_, name: KeyWorkName, progress: Progress): Promise<void> {
  if (name === "seal-contents") await encryptPlainContents(config, progress);
  else if (name === "seal-records") await sealPlainRecords(progress);
  else await rewrapDataKeys(config, progress);
}

/** One round: every pass this instance can claim, one after the other, until none is left. */
export async function runKeyWork(config: Config_, holder: ClaimHolder): Promise<KeyWorkName[]> {
  const ran: KeyWorkName[] = [];
  const kekId = instanceKeyring(config).currentKekId;
  await ensureRows(config, new Date());
  for (;;) {
    const holderId = holder.current();
    if (holderId === undefined) return ran;
    const name = await claim(holderId, kekId, new Date());
    if (!name) return ran;
    const progress = rowProgress(name, holder, holderId);
    try {
      await runPass(config, name, progress);
      await progress.flush();
      const prisma = await db();
      await prisma.keyWork.updateMany({
        where: { name, claimedBy: holderId },
        data: { state: "done", finishedAt: new Date(), updatedAt: new Date(), claimedBy: null, claimedUntil: null },
      });
      ran.push(name);
    } catch (err) {
      // Another instance has it now, or this one lost its holder number: the next round looks again.
      if (err instanceof ClaimLost) return ran;
      throw err;
    }
  }
}

/** The passes, run at start, every minute after and when another instance is seen gone (its claim then free). */
export async function startKeyWork(config: Config_): Promise<void> {
  const holder = await claimHolder();
  const job = startWakeable("key-work", ROUND_MS, () =>
    runKeyWork(config, holder).catch((err: unknown) => {
      logger().error({ err }, "sealing or re-wrapping stored data stopped; the next round resumes it");
    }),
  );
  holder.onHoldersGone(job.wake);
}

export type KeyWorkRow = {
  name: KeyWorkName;
  kekId: string;
  state: string;
  total: number;
  done: number;
  failed: number;
  startedAt: Date | null;
  updatedAt: Date;
  finishedAt: Date | null;
};

export async function listKeyWork(): Promise<KeyWorkRow[]> {
  const prisma = await db();
  const rows = await prisma.keyWork.findMany({ orderBy: { name: "asc" } });
  return rows.map(({ claimedBy: _, claimedUntil: __, ...row }) => ({ ...row, name: row.name as KeyWorkName }));
}
