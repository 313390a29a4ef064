import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres } from "../db/driver.ts";
import { migrate, readMigrations } from "../db/migrate.ts";

/**
 * A database migrated to head once, copied for each test file instead of being created and migrated again: a fresh
 * PGlite spends about six seconds in initdb alone. The template is named by the migrations it holds (their names and
 * checksums) and the PGlite version, so a changed or added migration makes a new one; the copy is still migrated at
 * open, which applies nothing and checks every checksum.
 */

function templateKey(): string {
  const hash = createHash("sha256");
  hash.update(pgliteVersion());
  for (const migration of readMigrations()) hash.update(`${migration.name}:${migration.checksum}\n`);
  return hash.digest("hex").slice(0, 16);
}

function pgliteVersion(): string {
  const file = path.resolve(process.cwd(), "node_modules", "@electric-sql", "pglite", "package.json");
  try {
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}

const PGLITE_PREFIX = "tokenrail-test-template-";

/**
 * The directory of the migrated PGlite template, building it first when no test file has yet. Files racing to build
 * it each build their own and the first rename wins.
 */
export async function pgliteTemplate(): Promise<string> {
  const key = templateKey();
  const template = path.join(os.tmpdir(), `${PGLITE_PREFIX}${key}`);
  if (fs.existsSync(path.join(template, "PG_VERSION"))) return template;
  const building = path.join(os.tmpdir(), `${PGLITE_PREFIX}building-${randomBytes(6).toString("hex")}`);
  const raw = openPglite(building);
  try {
    await migrate(raw);
  } finally {
    await raw.close();
  }
  try {
    fs.renameSync(building, template);
    removeOlderTemplates(key);
  } catch {
    // Another file's template got there first: use that one.
    fs.rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** Fills `dataDir` (absent or empty) with a copy of the migrated PGlite template. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  fs.cpSync(await pgliteTemplate(), dataDir, { recursive: true });
}

/** A template of another migration set is kept this long: a run on another checkout may still be copying it. */
const KEEP_OTHER_TEMPLATES_MS = 24 * 3600_000;

/** Templates of other migration sets that no run has made for a day, left by earlier runs. */
function removeOlderTemplates(key: string) {
  const now = Date.now();
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PGLITE_PREFIX) || name.endsWith(key)) continue;
    const dir = path.join(os.tmpdir(), name);
    const made = fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? now;
    if (now - made > KEEP_OTHER_TEMPLATES_MS) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Arbitrary constant: serialises building the PostgreSQL template between test files. */
const TEMPLATE_LOCK = 72_431_977;

/**
 * The name of a database on `serverUrl`'s server migrated to head, to create test databases from
 * (`CREATE DATABASE … TEMPLATE …`); built under an advisory lock by the first file that asks.
 */
export async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `tokenrail_template_${templateKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const raw = openPostgres(url.toString());
      try {
        await migrate(raw);
      } finally {
        await raw.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      const older = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'tokenrail\\_template\\_%' AND datname <> $1",
        [name],
      );
      // One another run is creating a database from at this moment stays, for the next run to drop.
      for (const { datname } of older.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
      }
    }
    return name;
  } finally {
    await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}
