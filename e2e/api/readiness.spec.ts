import { expect, test } from "../fixtures/contract-test.ts";
import pg from "pg";
import { freePort } from "../fixtures/free-port.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";

type Probe = { status: string; checks: { database: string; migrations: string; accepting: string } };

test("issue 17: /readyz is 200 with every check ok on a migrated instance, never cached; /livez beside it", async ({
  request,
}) => {
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(ready.headers()["cache-control"]).toBe("no-store");
  expect((await ready.json()) as Probe).toEqual({
    status: "ready",
    checks: { database: "ok", migrations: "ok", accepting: "ok" },
  });
  expect((await request.get("/livez")).status()).toBe(200);
});

// On PostgreSQL an instance's database can change under it: a schema behind the build's migrations, then no database
// at all, each takes the instance out of rotation (503) while it stays alive (/livez 200).
if (process.env.DATABASE_URL) {
  test("issue 17: /readyz is 503 when the schema is behind this build or the database is gone; /livez stays 200", async () => {
    test.setTimeout(120_000);
    const scratch = await scratchDatabase("readyz");
    if (!scratch) throw new Error("DATABASE_URL is set, so a scratch database exists");
    const instance = await startDemoInstance(await freePort(), scratch.env);
    try {
      const probe = async () => {
        const res = await fetch(`${instance.appUrl}/readyz`);
        return { status: res.status, body: (await res.json()) as Probe };
      };
      expect((await probe()).status).toBe(200);

      const client = new pg.Client({ connectionString: scratch.env.DATABASE_URL });
      await client.connect();
      await client.query(
        `DELETE FROM "_prisma_migrations" WHERE migration_name = (SELECT max(migration_name) FROM "_prisma_migrations")`,
      );
      await client.end();
      expect(await probe()).toEqual({
        status: 503,
        body: { status: "unavailable", checks: { database: "ok", migrations: "behind", accepting: "ok" } },
      });

      await scratch.drop();
      const gone = await probe();
      expect(gone.status).toBe(503);
      expect(gone.body.checks.database).toBe("unreachable");
      expect((await fetch(`${instance.appUrl}/livez`)).status).toBe(200);
    } finally {
      await stopServer(instance.server);
      await scratch.drop();
    }
  });
}
