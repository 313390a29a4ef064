import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { benchDatabase } from "./database.ts";
import { ofacSdnXml } from "./p9-list-file.ts";
import { printTable } from "./report.ts";
import { machine, writeResult, type BenchContext } from "./settings.ts";

/**
 * Benchmark P9, the list import's leg: a full-size OFAC SDN file (`BENCH_P9_LIST_ENTRIES`, 18,000 entries, about
 * 24 MB, as the real one) imported as a list's first version, then its next issue (every 100th entry renamed, the
 * last hundred removed), each as an upload is imported, in a process of its own on the bench's database (PGlite, or
 * a scratch database on DATABASE_URL's server). Targets: each import ≤ 30 s and ≤ 300 MB: the resident memory the
 * import adds to the process at its peak (the high-water mark after it less the process before it). The whole
 * process's peak is printed beside it: the runtime and Prisma's client alone hold some 300 to 400 MB, and on PGlite
 * the embedded database's memory is in the process too.
 */

export const P9_IMPORT_TARGET_S = 30;
export const P9_IMPORT_TARGET_MB = 300;
const LIST_ENTRIES = Number(process.env.BENCH_P9_LIST_ENTRIES ?? 18_000);

type Leg = {
  file: string;
  mb: number;
  seconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
  added: number;
  changed: number;
  removed: number;
};

export async function runP9ListImport(context: BenchContext): Promise<void> {
  console.log(`\nP9 list import: an OFAC SDN file of ${LIST_ENTRIES} entries, then its next issue`);
  const dir = fs.mkdtempSync(path.join(context.temp, "p9-import-"));
  const first = path.join(dir, "sdn-1.xml");
  const next = path.join(dir, "sdn-2.xml");
  fs.writeFileSync(first, ofacSdnXml({ entries: LIST_ENTRIES, seed: 9, published: new Date("2026-11-01") }));
  fs.writeFileSync(
    next,
    ofacSdnXml({ entries: LIST_ENTRIES, seed: 9, published: new Date("2026-11-02"), changeEvery: 100 }),
  );
  const database = await benchDatabase(path.join(dir, "data"), "p9import");
  if (database.kind === "postgres") context.atEnd(database.drop);
  const env = {
    ...process.env,
    TOKENRAIL_DATA_DIR: path.join(dir, "data"),
    DATABASE_URL: database.kind === "postgres" ? database.url : undefined,
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--expose-gc", "--import", "tsx", path.join(context.root, "bench", "p9-import-child.ts"), first, next],
    { cwd: context.root, env, maxBuffer: 1 << 20 },
  );
  const legs = stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Leg);
  printTable(
    ["import", "file MB", "seconds", "import MB", "process peak MB", "added", "changed", "removed"],
    legs.map((leg, i) => [
      i === 0 ? "first version" : "next issue",
      leg.mb.toFixed(1),
      leg.seconds.toFixed(1),
      (leg.peakRssMb - leg.rssBeforeMb).toFixed(0),
      leg.peakRssMb.toFixed(0),
      String(leg.added),
      String(leg.changed),
      String(leg.removed),
    ]),
  );
  const slowest = Math.max(...legs.map((l) => l.seconds));
  const largest = Math.max(...legs.map((l) => l.peakRssMb - l.rssBeforeMb));
  const pass = legs.length === 2 && slowest <= P9_IMPORT_TARGET_S && largest <= P9_IMPORT_TARGET_MB;
  console.log(
    `P9 list import on ${database.label}: slowest ${slowest.toFixed(1)} s (target ≤ ${P9_IMPORT_TARGET_S} s), import's own memory ${largest.toFixed(0)} MB at most (target ≤ ${P9_IMPORT_TARGET_MB} MB) → ${pass ? "PASS" : "FAIL"}`,
  );
  writeResult("p9-list-import", { machine: machine(context.loadBefore), database: database.label, legs, pass });
}
