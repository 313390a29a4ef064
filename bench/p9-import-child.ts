import fs from "node:fs";
import { closeDb, ensureDatabase } from "../server/db/client.ts";
import { importSanctionsList } from "../server/screening/lists/import-list.ts";
import { readListFile } from "../server/screening/lists/read-list-file.ts";

/**
 * P9's list import in a process of its own, so its memory is the import's: each file named on the command line is
 * imported in turn as the next issue of its list, as an upload is (`importSanctionsList` with the format readers), on
 * the database the environment names. Prints one JSON line per file: seconds, the process's resident memory before
 * the import and its high-water mark after it (the kernel's, so synchronous parsing is counted too), and the version's
 * counts. The high-water mark never falls, so the second file's may still be the first's.
 */

process.env.LOG_LEVEL = "silent";
await ensureDatabase();
const highWater = () => process.resourceUsage().maxRSS * 1024;
for (const file of process.argv.slice(2)) {
  const bytes = new Uint8Array(fs.readFileSync(file));
  global.gc?.();
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const result = await importSanctionsList({ bytes, fileName: file, origin: "upload", read: readListFile });
  const seconds = (performance.now() - started) / 1000;
  const { version } = result;
  console.log(
    JSON.stringify({
      file,
      mb: bytes.byteLength / 1e6,
      seconds,
      rssBeforeMb: before / 1e6,
      peakRssMb: highWater() / 1e6,
      added: version.added,
      changed: version.changed,
      removed: version.removed,
    }),
  );
}
await closeDb();
