import { db } from "../db/client.ts";

/** What is stored of an issued access token: its hash and what it acts for, never the token itself (C15). */
export type AccessTokenRow = {
  tokenHash: string;
  clientId: string;
  profileId: string;
  grantType: string;
  expiresAt: Date;
  userId?: string;
};

/** The most rows one INSERT carries; a larger backlog goes out in several statements, one after the other. */
export const MAX_BATCH = 200;

type Pending = { row: AccessTokenRow; resolve: () => void; reject: (error: unknown) => void };
type Writer = { queue: Pending[]; writing: boolean };

// One queue per process (Next bundles routes separately, so it lives on globalThis like the database client).
const holder = globalThis as typeof globalThis & { __tokenrailAccessTokenWriter?: Writer };
const writer = (): Writer => (holder.__tokenrailAccessTokenWriter ??= { queue: [], writing: false });

/**
 * Group commit for issued access tokens: resolves once the token's row is committed, so a token is never handed out
 * before it would authenticate. While one INSERT is in flight, the rows of concurrent requests gather and go out
 * together in the next, one round trip for all of them; an idle writer starts at once, so a lone request waits for
 * no one. A failed batch is retried row by row, so one bad row fails its own request only.
 */
export function storeAccessToken(row: AccessTokenRow): Promise<void> {
  const state = writer();
  const stored = new Promise<void>((resolve, reject) => state.queue.push({ row, resolve, reject }));
  if (!state.writing) {
    state.writing = true;
    // After the current tick: requests parsed in the same turn of the event loop share the first INSERT too.
    setImmediate(() => void drain(state));
  }
  return stored;
}

async function drain(state: Writer): Promise<void> {
  try {
    while (state.queue.length > 0) await writeBatch(state.queue.splice(0, MAX_BATCH));
  } finally {
    state.writing = false;
  }
}

async function writeBatch(batch: Pending[]): Promise<void> {
  try {
    const prisma = await db();
    await prisma.accessToken.createMany({ data: batch.map((p) => p.row) });
    batch.forEach((p) => p.resolve());
  } catch (error) {
    if (batch.length === 1) {
      batch[0]!.reject(error);
      return;
    }
    for (const pending of batch) await writeBatch([pending]);
  }
}
