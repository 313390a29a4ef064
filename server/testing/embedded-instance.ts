import { randomBytes } from "node:crypto";
import { after } from "node:test";
import pg from "pg";
import { closeDriverLocks } from "../chains/driver-locks.ts";
import { loadConfig } from "../config.ts";
import { closeDb } from "../db/client.ts";
import { monitoringSettled } from "../monitoring/monitor-after-commit.ts";
import { copyPgliteTemplate, postgresTemplate } from "./migrated-template.ts";
import { scratchDir } from "./scratch-dir.ts";

/**
 * For domain tests on a real database: a fresh data directory with the embedded PGlite, or, when DATABASE_URL is
 * set, a throwaway database on that PostgreSQL server, so tests never share rows with the app or each other. Quiet
 * logs; everything is closed and dropped after the file's tests, and the data directory removed when its process
 * ends. Await it at the top of a test file, before any hook can open the database. The database starts as a copy of one already migrated to head (./migrated-template.ts).
 */
export async function setUpTestInstance(name: string): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  const database = `tokenrail_test_${name.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const dataDir = scratchDir(`tokenrail-${name}-`);
  process.env.TOKENRAIL_DATA_DIR = dataDir;
  process.env.LOG_LEVEL = "silent";
  if (serverUrl) {
    await admin(`CREATE DATABASE ${database} TEMPLATE ${await postgresTemplate(serverUrl)}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    const { database: embedded } = loadConfig();
    if (embedded.kind === "pglite" && embedded.dataDir) await copyPgliteTemplate(embedded.dataDir);
  }
  after(async () => {
    // Monitoring evaluations a commit started run on after it: let them finish before the database goes.
    await monitoringSettled();
    // The locks' own connection (the chain queue's drivers, the bank's delivery) too: the database is dropped next.
    await closeDriverLocks();
    await closeDb();
    // FORCE: a connection some background work still holds must not keep the file's database alive.
    if (serverUrl) await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });
}
