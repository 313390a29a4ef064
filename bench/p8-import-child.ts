import { randomBytes, randomUUID } from "node:crypto";
import { getConfig } from "../server/config.ts";
import { closeDb, db } from "../server/db/client.ts";
import { importBankFile } from "../server/bank/import/import-bank-file.ts";

/*
 * P8's memory leg, in a process of its own (bundled with esbuild and run with plain node: tsx would add its own
 * ~180 MB): approved holders for the IBANs named on the command line (a JSON file of them), then one camt.054 from
 * disk through the importer's path reader, its mints queued and not driven. Prints one line of JSON: the process's
 * RSS high-water mark (what the kernel counted, not a sample), before and after, and the import's time.
 *
 *   node p8-import-child.mjs <camt054.xml> <ibans.json> <master IBAN>
 */

const [file, ibansFile, master] = process.argv.slice(2);
if (!file || !ibansFile || !master) throw new Error("usage: p8-import-child <camt054.xml> <ibans.json> <master IBAN>");

const MB = 1024 * 1024;
/** Where the memory is at each stage: resident, JavaScript heap, outside the heap (WebAssembly memory among it). */
const stages: { stage: string; rssMb: number; heapMb: number; externalMb: number; peakMb: number }[] = [];
const sample = (stage: string) => {
  const usage = process.memoryUsage();
  stages.push({
    stage,
    rssMb: Math.round(usage.rss / MB),
    heapMb: Math.round(usage.heapUsed / MB),
    externalMb: Math.round(usage.external / MB),
    peakMb: Math.round((process.resourceUsage().maxRSS * 1024) / MB),
  });
};
sample("started");
const { readFileSync } = await import("node:fs");
const ibans = JSON.parse(readFileSync(ibansFile, "utf8")) as string[];

const prisma = await db();
sample("database open (migrated)");
const holders = ibans.map((iban) => ({
  iban,
  profileId: randomUUID(),
  address: `0x${randomBytes(20).toString("hex")}`,
}));
// Three set-based statements: the holders are the bench's setup, not the import (Prisma's createMany of them would
// leave its own garbage in this process's heap).
await prisma.$executeRaw`
  INSERT INTO "Profile" (id, kind, name, state, "updatedAt")
  SELECT id::uuid, 'corporate', name, 'approved', now() FROM unnest(${holders.map((h) => h.profileId)}::text[], ${ibans}::text[]) AS h(id, name)`;
await prisma.$executeRaw`
  INSERT INTO "Address" (id, "profileId", address, "addressKey", chain)
  SELECT gen_random_uuid(), p::uuid, a, a, 'sepolia' FROM unnest(${holders.map((h) => h.profileId)}::text[], ${holders.map((h) => h.address)}::text[]) AS h(p, a)`;
await prisma.$executeRaw`
  INSERT INTO "Iban" (id, "profileId", iban, address, "addressKey", chain, state, "requestedAt", "updatedAt")
  SELECT gen_random_uuid(), p::uuid, i, a, a, 'sepolia', 'approved', now(), now() FROM unnest(${holders.map((h) => h.profileId)}::text[], ${ibans}::text[], ${holders.map((h) => h.address)}::text[]) AS h(p, i, a)`;

sample(`${holders.length} holders seeded`);
const config = getConfig();
const before = { rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 };
const started = performance.now();
const report = await importBankFile({
  content: { path: file },
  name: "p8-memory.xml",
  source: "upload",
  config: { ...config, bank: { ...config.bank, account: { ...config.bank.account, iban: master } } },
  driveChain: false,
  afterBatch: (batch) => {
    if (batch === 1 || batch % 10 === 0) sample(`import: batch ${batch} written`);
  },
});
sample("import committed");
const seconds = (performance.now() - started) / 1000;
const peak = process.resourceUsage().maxRSS * 1024;
console.log(
  JSON.stringify({
    entries: report.entries.length,
    counts: report.counts,
    seconds: +seconds.toFixed(2),
    rssBeforeMb: Math.round(before.rss / MB),
    peakBeforeImportMb: Math.round(before.maxRss / MB),
    peakRssMb: Math.round(peak / MB),
    stages,
  }),
);
await closeDb();
process.exit(0);
