import { randomUUID } from "node:crypto";
import { db } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";

/** What is stored of an issued access token: its hash and what it acts for, never the token itself (C15). */
export type AccessTokenRow = {
  tokenHash: string;
  clientId: string;
  profileId: string;
  grantType: string;
  expiresAt: Date;
};

/** The most rows one INSERT carries; a larger backlog goes out in several statements, one after the other. */
export const MAX_BATCH = 200;
/**
 * While tokens are being issued back to back (the previous row came less than this long ago), the first row of a
 * batch waits this long at most for the rows of requests still on their way. An isolated request does not wait.
 */
export const GATHER_MS = 4;

type Pending = { row: AccessTokenRow; resolve: () => void; reject: (error: unknown) => void };
type Writer = { queue: Pending[]; writing: boolean; timer: NodeJS.Timeout | undefined; lastRowAt: number };

// One writer per process (Next bundles routes separately, so it lives on globalThis like the database client).
const holder = globalThis as typeof globalThis & { __tokenrailAccessTokenWriter?: Writer };
const writer = (): Writer =>
  (holder.__tokenrailAccessTokenWriter ??= { queue: [], writing: false, timer: undefined, lastRowAt: 0 });

/**
 * Group commit for issued access tokens: resolves once the token's row is committed, so a token is never handed out
 * before it would authenticate. The rows of concurrent requests go out together in one INSERT, one round trip and
 * one commit for all of them: rows queued while an INSERT is in flight go in the next one, and under a steady flow
 * of requests the first row of a batch waits up to `GATHER_MS` for more (the embedded database runs on this thread,
 * so nothing else arrives while it writes). A failed INSERT is retried row by row: one bad row fails its own
 * request only.
 */
export function storeAccessToken(row: AccessTokenRow): Promise<void> {
  const state = writer();
  const now = performance.now();
  const backToBack = now - state.lastRowAt < GATHER_MS;
  state.lastRowAt = now;
  const stored = new Promise<void>((resolve, reject) => state.queue.push({ row, resolve, reject }));
  if (state.writing || state.timer) return stored;
  if (!backToBack) void drain(state);
  else state.timer = setTimeout(() => void drain(state), GATHER_MS);
  return stored;
}

async function drain(state: Writer): Promise<void> {
  clearTimeout(state.timer);
  state.timer = undefined;
  state.writing = true;
  try {
    while (state.queue.length > 0) await writeBatch(state.queue.splice(0, MAX_BATCH));
  } finally {
    state.writing = false;
  }
}

async function writeBatch(batch: Pending[]): Promise<void> {
  try {
    const prisma = await db();
    // One multi-row INSERT, parameterised (Prisma.sql); written by hand because createMany costs about twice the
    // CPU per row on the embedded database.
    const values = batch.map(
      ({ row }) =>
        Prisma.sql`(${randomUUID()}::uuid, ${row.tokenHash}, ${row.clientId}::uuid, ${row.profileId}::uuid, ${row.grantType}, ${row.expiresAt}::timestamptz)`,
    );
    await prisma.$executeRaw`INSERT INTO "AccessToken" ("id", "tokenHash", "clientId", "profileId", "grantType", "expiresAt") VALUES ${Prisma.join(values)}`;
    batch.forEach((p) => p.resolve());
  } catch (error) {
    if (batch.length === 1) {
      batch[0]!.reject(error);
      return;
    }
    for (const pending of batch) await writeBatch([pending]);
  }
}
