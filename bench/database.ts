import { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";

/**
 * The database a P3 or P4 server runs on. By default the embedded PGlite in the server's own data directory. With
 * DATABASE_URL set, a scratch database created for this run on that PostgreSQL server (named after the one in the
 * URL), dropped at the end unless BENCH_KEEP is set: every run starts from an empty schema, and the million seeded
 * orders do not pile up run after run.
 */
export type BenchDatabase =
  | { kind: "pglite"; dataDir: string; label: string }
  | { kind: "postgres"; url: string; label: string; drop: () => Promise<void> };

/** Where the server's embedded database lives inside its data directory (server/config.ts). */
export const pgliteDir = (serverDataDir: string) => path.join(serverDataDir, "pglite");

export async function benchDatabase(serverDataDir: string, name: string): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { kind: "pglite", dataDir: pgliteDir(serverDataDir), label: "PGlite (embedded)" };
  const url = new URL(base);
  const scratch = `${url.pathname.slice(1) || "postgres"}_${name}_${randomBytes(4).toString("hex")}`;
  // Only letters, digits and underscores: the name can be quoted safely.
  if (!/^\w+$/.test(scratch)) throw new Error(`DATABASE_URL names a database the bench cannot derive a name from`);
  await adminQuery(base, `CREATE DATABASE "${scratch}"`);
  url.pathname = `/${scratch}`;
  const [row] = await adminQuery(base, "SHOW server_version");
  const version = typeof row?.server_version === "string" ? row.server_version : "?";
  return {
    kind: "postgres",
    url: url.toString(),
    label: `PostgreSQL ${version.split(" ")[0]} at ${url.host}, scratch database ${scratch}`,
    // FORCE: a server the bench killed may leave a connection behind for a moment.
    drop: () => adminQuery(base, `DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`).then(() => undefined),
  };
}

async function adminQuery(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

export type Connection = { query: (sql: string, params?: unknown[]) => Promise<unknown>; close: () => Promise<void> };

/** A connection of the bench's own for seeding. On PGlite the server must be stopped first: one process per data directory. */
export async function connect(database: BenchDatabase): Promise<Connection> {
  if (database.kind === "pglite") {
    const db = await PGlite.create(database.dataDir);
    return { query: (sql, params) => db.query(sql, params), close: () => db.close() };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return { query: (sql, params) => client.query(sql, params), close: () => client.end() };
}
