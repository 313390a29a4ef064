import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { claimHolder, closeDb, db } from "../server/db/client.ts";
import { importSanctionsList } from "../server/screening/lists/import-list.ts";
import { DEFAULT_THRESHOLD } from "../server/screening/match/screening-index.ts";
import { syntheticList } from "../server/screening/match/testing/synthetic-list.ts";
import { runRescreens } from "../server/screening/rescreen/rescreen-job.ts";
import { mulberry32 } from "../server/testing/seeded-random.ts";
import { benchDatabase } from "./database.ts";
import { int } from "./report.ts";
import type { BenchContext } from "./settings.ts";

/**
 * P9's re-screening leg as the product runs it: the real job (`runRescreens`, server/screening/rescreen/) over
 * `BENCH_P9_JOB_CUSTOMERS` (100,000) customers seeded in a database of their own (PGlite, or a scratch database on
 * DATABASE_URL's server), after a list version that adds `BENCH_P9_CHANGED` (300) entries: it reads the customers'
 * KYC details in batches, screens each person and company against the version's entries, opens a case for each
 * hit and records its progress, as in production. Target: ≤ 60 s.
 */

const CUSTOMERS = Number(process.env.BENCH_P9_JOB_CUSTOMERS ?? 100_000);
const CHANGED = Number(process.env.BENCH_P9_CHANGED ?? 300);
const CHUNK = 5_000;

/** Customers drawn like list entries but from another seed (as the in-memory leg's), as profiles with details. */
async function seedCustomers(count: number): Promise<void> {
  const prisma = await db();
  const drawn = syntheticList(mulberry32(12), count);
  for (let start = 0; start < count; start += CHUNK) {
    const part = drawn.slice(start, start + CHUNK);
    const ids = part.map(() => randomUUID());
    const kinds = part.map(({ entry }) => (entry.kind === "person" ? "personal" : "corporate"));
    const names = part.map(({ entry }) => entry.names[0]!.name);
    const data = part.map(({ entry }) => {
      const name = entry.names[0]!.name;
      const country = entry.nationalities[0] ?? entry.countries[0];
      if (entry.kind !== "person") return JSON.stringify({ name, country });
      const cut = name.lastIndexOf(" ");
      return JSON.stringify({
        firstName: name.slice(0, cut),
        lastName: name.slice(cut + 1),
        birthday: entry.birthDates[0],
        nationality: country,
        country,
      });
    });
    await prisma.$executeRaw`
      INSERT INTO "Profile" ("id", "kind", "name", "state", "updatedAt")
      SELECT id, kind::"ProfileKind", name, 'approved', now()
      FROM unnest(${ids}::uuid[], ${kinds}::text[], ${names}::text[]) AS t(id, kind, name)`;
    await prisma.$executeRaw`
      INSERT INTO "ProfileSubmission" ("id", "profileId", "section", "kind", "state", "data", "submittedAt")
      SELECT gen_random_uuid(), id, 'details', '', 'approved', data::jsonb, now()
      FROM unnest(${ids}::uuid[], ${data}::text[]) AS t(id, data)`;
  }
}

export async function runP9RescreenJob(context: BenchContext): Promise<{ seconds: number; cases: number }> {
  // A database of the bench's own, before the process first reads its configuration.
  const dataDir = path.join(context.temp, "p9-rescreen");
  fs.mkdirSync(dataDir, { recursive: true });
  process.env.TOKENRAIL_DATA_DIR = dataDir;
  const database = await benchDatabase(dataDir, "p9");
  if (database.kind === "postgres") {
    process.env.DATABASE_URL = database.url;
    context.atEnd(database.drop);
  }
  process.env.LOG_LEVEL ??= "warn";
  console.log(`\nP9 re-screening job on ${database.label}: seeding ${int(CUSTOMERS)} customers…`);
  let started = performance.now();
  await seedCustomers(CUSTOMERS);
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const entries = syntheticList(mulberry32(9), CHANGED).map(({ entry }) => entry);
  const imported = await importSanctionsList({
    bytes: new TextEncoder().encode(`p9 bench ${CHANGED}`),
    fileName: "p9-bench.xml",
    origin: "upload",
    read: () => Promise.resolve({ source: "ofac", entries }),
  });
  started = performance.now();
  await runRescreens({ environment: "production", threshold: DEFAULT_THRESHOLD, holder: await claimHolder() });
  const seconds = (performance.now() - started) / 1000;
  const prisma = await db();
  const done = await prisma.sanctionsRescreen.findUniqueOrThrow({ where: { versionId: imported.version.id } });
  console.log(
    `P9 re-screening job: ${int(done.profilesScreened)} customers against ${int(CHANGED)} added entries in ` +
      `${seconds.toFixed(1)} s, ${int(done.casesOpened)} cases opened (target ≤ 60 s) → ${seconds <= 60 ? "PASS" : "FAIL"}`,
  );
  await closeDb();
  return { seconds, cases: done.casesOpened };
}
