import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { HOLDER_WATCH_MS, PostgresClaimHolder } from "./claim-holder.ts";
import { claimHolder, db } from "./client.ts";

// Claim holders on a real database: the embedded one by default, PostgreSQL with DATABASE_URL.
await setUpTestInstance("claim_holder");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function liveHolders(): Promise<number[]> {
  const prisma = await db();
  return (await prisma.$queryRaw<{ holder: number }[]>`SELECT "live_claim_holders"() AS holder`).map((r) => r.holder);
}

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!done() && Date.now() - started < timeoutMs) await sleep(20);
  return Date.now() - started;
}

describe("claim holders", () => {
  it("C60: this process holds a number of its own, listed as live for as long as it holds it", async () => {
    const holder = await claimHolder();
    const me = holder.current();
    assert.ok(me !== undefined);
    assert.ok(holder.holds(me));
    assert.ok(!holder.holds(me + 1));
    assert.ok((await liveHolders()).includes(me));
    assert.equal(await claimHolder(), holder, "one holder per process");
  });

  const url = process.env.DATABASE_URL;
  it(
    "C60 on PostgreSQL: a holder whose connection ends is gone at once; the others are told within a watch, and it takes a new number",
    { skip: url ? false : "DATABASE_URL not set" },
    async () => {
      const survivor = new PostgresClaimHolder(url!);
      const victim = new PostgresClaimHolder(url!);
      await survivor.open();
      await victim.open();
      try {
        const dead = victim.current()!;
        assert.notEqual(survivor.current(), dead);
        let told = 0;
        survivor.onHoldersGone(() => told++);
        let retook = 0;
        victim.onHoldersGone(() => retook++);
        // The survivor has looked at least once with the victim alive.
        await sleep(HOLDER_WATCH_MS * 1.5);
        assert.equal(told, 0);

        // The victim's session ends as a killed process's does: the server drops it, and its lock with it.
        const prisma = await db();
        await prisma.$executeRaw`
          SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND classid = 1414677320 AND objsubid = 2 AND objid = ${dead}::int::oid`;
        // pg_terminate_backend only signals the backend: it ends (and drops the lock) a moment later.
        const ended = Date.now();
        let live = await liveHolders();
        while (live.includes(dead) && Date.now() - ended < 2_000) live = await liveHolders();
        assert.ok(!live.includes(dead), "no longer live once its session ended");
        const noticedMs = await waitUntil(() => told > 0, 5_000);
        assert.equal(told, 1, "the survivor was told");
        // Within its next look, a second at most, and some slack for a busy machine.
        assert.ok(noticedMs <= 2 * HOLDER_WATCH_MS, `told after ${noticedMs} ms`);

        // The victim claims nothing more under its old number, and is a holder again under a new one.
        assert.ok(!victim.holds(dead));
        await waitUntil(() => victim.current() !== undefined, 5_000);
        const fresh = victim.current();
        assert.ok(fresh !== undefined && fresh !== dead);
        assert.ok((await liveHolders()).includes(fresh));
        assert.equal(retook, 1, "told it lost a number, so its own claims under it are released at once");
      } finally {
        await survivor.close();
        await victim.close();
      }
    },
  );
});
