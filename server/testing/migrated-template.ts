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

/** Part of a template's name, changed when what a template holds changes: one older code made is not taken for whole. */
const TEMPLATE_FORMAT = "with-contents";

function templateKey(): string {
  const hash = createHash("sha256");
  hash.update(TEMPLATE_FORMAT);
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
 * Written into a template last: how many files it holds and their bytes. A template that no longer matches it (a
 * cleaner of the temporary folder, or a person freeing space, removed part of it) is built again, rather than every
 * test file failing to open its copy.
 */
const CONTENTS_FILE = "tokenrail-template-contents.json";

type Contents = { files: number; bytes: number };

function contentsOf(dir: string, top = dir): Contents {
  const contents: Contents = { files: 0, bytes: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = contentsOf(full, top);
      contents.files += inner.files;
      contents.bytes += inner.bytes;
    } else if (entry.isFile() && full !== path.join(top, CONTENTS_FILE)) {
      contents.files += 1;
      contents.bytes += fs.statSync(full).size;
    }
  }
  return contents;
}

function isComplete(template: string): boolean {
  try {
    const written = JSON.parse(fs.readFileSync(path.join(template, CONTENTS_FILE), "utf8")) as Contents;
    const found = contentsOf(template);
    return written.files === found.files && written.bytes === found.bytes;
  } catch {
    return false;
  }
}

/** Moves a damaged template out of the way (so no file copies it any more), then removes it. */
function discard(template: string): void {
  const aside = `${template}-discarded-${randomBytes(6).toString("hex")}`;
  try {
    fs.renameSync(template, aside);
  } catch {
    // Gone already, or another file moved it first.
    return;
  }
  fs.rmSync(aside, { recursive: true, force: true });
}

/**
 * The directory of the migrated PGlite template, building it first when no test file has yet, or again when it is
 * no longer whole. Files racing to build it each build their own and the first rename wins.
 */
export async function pgliteTemplate(): Promise<string> {
  const key = templateKey();
  const template = path.join(os.tmpdir(), `${PGLITE_PREFIX}${key}`);
  removeAbandonedBuilds();
  if (isComplete(template)) return template;
  if (fs.existsSync(template)) discard(template);
  const building = path.join(os.tmpdir(), `${PGLITE_PREFIX}building-${randomBytes(6).toString("hex")}`);
  try {
    const raw = openPglite(building);
    try {
      await migrate(raw);
    } finally {
      await raw.close();
    }
    fs.writeFileSync(path.join(building, CONTENTS_FILE), JSON.stringify(contentsOf(building)));
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    throw error;
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
  const template = await pgliteTemplate();
  fs.cpSync(template, dataDir, { recursive: true, filter: (source) => source !== path.join(template, CONTENTS_FILE) });
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

/** No build takes this long: a building directory this old was left by a run that was killed. */
const ABANDONED_BUILD_MS = 3600_000;

/** Builds a killed run left half done, and damaged templates set aside but not yet removed. */
function removeAbandonedBuilds() {
  const now = Date.now();
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PGLITE_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    const made = fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? now;
    const building = name.startsWith(`${PGLITE_PREFIX}building-`);
    if (!name.includes("-discarded-") && !(building && now - made > ABANDONED_BUILD_MS)) continue;
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another file is removing it at the same moment.
    }
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
