import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RawDatabase, RawSql } from "./driver.ts";

/**
 * Applies the SQL files of prisma/migrations in name order, each once, recording them in Prisma's own
 * `_prisma_migrations` table so `prisma migrate status|deploy` read the same history where a schema engine exists.
 * Runs at every start (all instances; serialised by RawDatabase.exclusive) and in the tests.
 */

export type Migration = { name: string; sql: string; checksum: string };

export function defaultMigrationsDir(): string {
  return path.resolve(process.cwd(), "prisma", "migrations");
}

export function readMigrations(dir: string = defaultMigrationsDir()): Migration[] {
  // Read at run time from the working directory; the bundler must not trace it.
  if (!fs.existsSync(/*turbopackIgnore: true*/ dir)) return [];
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  override name = "MigrationError";
}

async function appliedMigrations(sql: RawSql): Promise<Map<string, string>> {
  const rows = await sql.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  return new Map(rows.map((row) => [row.migration_name, row.checksum]));
}

/**
 * Brings the database to the newest migration. All pending migrations apply in one transaction: either the
 * database reaches head or it stays where it was. Returns the names applied.
 */
export async function migrate(db: RawDatabase, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.exclusive(async (sql) => {
    await sql.exec(HISTORY_TABLE);
    const applied = await appliedMigrations(sql);
    for (const [name, checksum] of applied) {
      const known = migrations.find((m) => m.name === name);
      if (known && known.checksum !== checksum) {
        throw new MigrationError(`Migration ${name} was changed after it was applied; add a new migration instead.`);
      }
    }
    const pending = migrations.filter((m) => !applied.has(m.name));
    for (const migration of pending) {
      await sql.exec(migration.sql);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
         VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
    }
    return pending.map((m) => m.name);
  });
}
