import { db } from "../db/client.ts";

/**
 * How long an `/auth` request is kept after it expires (C71): long enough that a new onboarding link still resumes
 * with the profile the person chose in their last one (server/onboarding/onboarding-state.ts), then deleted, with the
 * sealed e-mail hint and its blind index it may keep. An expired request is never served again.
 */
export const EXPIRED_REQUEST_KEEP_DAYS = 30;

/** Requests deleted in one statement; the run goes on until none is left. */
const BATCH = 500;

/**
 * Deletes every `/auth` request that expired more than `EXPIRED_REQUEST_KEEP_DAYS` before `now`, a batch at a time.
 * Rows another instance is deleting are skipped (`FOR UPDATE SKIP LOCKED`), so instances running it at once delete
 * each row once. Returns how many it deleted.
 */
export async function deleteExpiredRequests(now: Date): Promise<number> {
  const prisma = await db();
  const cutoff = new Date(now.getTime() - EXPIRED_REQUEST_KEEP_DAYS * 86_400_000);
  let deleted = 0;
  for (;;) {
    const n = await prisma.$executeRaw`
      DELETE FROM "AuthorizationRequest" WHERE id IN (
        SELECT id FROM "AuthorizationRequest" WHERE "expiresAt" <= ${cutoff}::timestamptz
        ORDER BY "expiresAt" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`;
    deleted += n;
    if (n < BATCH) return deleted;
  }
}
