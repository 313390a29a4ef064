import assert from "node:assert/strict";
import { describe, it } from "node:test";
import pg from "pg";
import { openPglite } from "./driver.ts";
import { listenPostgres } from "./listen.ts";

const CHANNEL = "tokenrail_listen_test";

/** Resolves once `done()` holds, or fails after `timeoutMs`. */
async function until(done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("database notifications (issue 16)", () => {
  it("on PGlite, a notification is heard once its transaction commits, and not at all if it rolls back", async () => {
    const db = openPglite(undefined);
    let heard = 0;
    const unlisten = await db.listen(CHANNEL, { onNotify: () => heard++, onError: () => undefined });
    try {
      await db.exclusive(async (sql) => {
        await sql.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.equal(heard, 0, "not before the commit");
      });
      await until(() => heard === 1);
      await db
        .exclusive(async (sql) => {
          await sql.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
          throw new Error("roll back");
        })
        .catch(() => undefined);
      await db.exclusive((sql) => sql.query("SELECT 1"));
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(heard, 1, "a rolled-back notification is never heard");
    } finally {
      await unlisten();
      await db.close();
    }
  });

  // Defined only where there is a PostgreSQL server (the PostgreSQL runs set DATABASE_URL).
  const url = process.env.DATABASE_URL;
  if (url) {
    it("on PostgreSQL, a listener whose connection is killed reopens it, counts that as a wake-up and hears again", async () => {
      let heard = 0;
      const errors: Error[] = [];
      const unlisten = await listenPostgres(
        url,
        CHANNEL,
        { onNotify: () => heard++, onError: (error) => errors.push(error) },
        50,
      );
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        assert.equal(heard, 1, "opening counts as a wake-up");
        await other.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
        await until(() => heard === 2);
        await other.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`,
          [`LISTEN "${CHANNEL}"`],
        );
        await until(() => errors.length === 1 && heard === 3);
        await other.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
        await until(() => heard === 4);
      } finally {
        await unlisten();
        await other.end();
      }
      // Stopped: nothing reopens, nothing is heard.
      const after = new pg.Client({ connectionString: url });
      await after.connect();
      await after.query(`SELECT pg_notify($1, '')`, [CHANNEL]);
      await after.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(heard, 4);
    });
  }
});
