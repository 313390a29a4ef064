import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, it } from "node:test";
import pg from "pg";
import { openPglite, openPostgres, type RawDatabase } from "./driver.ts";
import { migrate, MigrationError, readMigrations } from "./migrate.ts";

const migrations = readMigrations();

async function tables(db: RawDatabase): Promise<string[]> {
  return db.exclusive(async (sql) =>
    (
      await sql.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
      )
    ).map((r) => r.table_name),
  );
}

async function provesMigration(db: RawDatabase) {
  assert.deepEqual(await tables(db), []);
  const applied = await migrate(db, migrations);
  assert.deepEqual(
    applied,
    migrations.map((m) => m.name),
    "every migration applied, in order",
  );
  const present = await tables(db);
  for (const table of ["User", "Profile", "Application", "OAuthClient", "AccessToken", "_prisma_migrations"]) {
    assert.ok(present.includes(table), `${table} exists`);
  }
  assert.deepEqual(await migrate(db, migrations), [], "a second run applies nothing");

  const tampered = migrations.map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m));
  await assert.rejects(migrate(db, tampered), MigrationError, "an edited, already-applied migration is refused");

  const broken = [
    ...migrations,
    { name: "99999999999999_broken", sql: "CREATE TABLE ok (id int); SELEC 1;", checksum: "x" },
  ];
  await assert.rejects(migrate(db, broken));
  assert.ok(!(await tables(db)).includes("ok"), "a failing migration leaves nothing half-applied");
}

describe("migrations", () => {
  it("has at least one migration, named in timestamp order", () => {
    assert.ok(migrations.length > 0);
    for (const m of migrations) assert.match(m.name, /^\d{14}_[a-z0-9_]+$/);
  });

  it("an empty PGlite database migrates to head", async () => {
    const db = openPglite(undefined);
    try {
      await provesMigration(db);
    } finally {
      await db.close();
    }
  });

  const url = process.env.DATABASE_URL;
  it("an empty PostgreSQL database migrates to head", { skip: url ? false : "DATABASE_URL not set" }, async () => {
    // A throwaway database on the same server, so the test never sees the app's own data.
    const name = `tokenrail_migrate_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const db = openPostgres(target.toString());
    try {
      await provesMigration(db);
      // Several instances starting together: the advisory lock lets exactly one apply, the others find it done.
      const concurrent = await Promise.all([0, 1, 2].map(() => migrate(db, migrations)));
      assert.deepEqual(concurrent, [[], [], []]);
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    }
  });

  after(() => undefined);
});
