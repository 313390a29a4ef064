import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const made = new Set<string>();
let removing = false;

function removeScratchDirs(): void {
  for (const dir of made) {
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      process.stderr.write(`a test's scratch directory could not be removed: ${dir}: ${String(error)}\n`);
    }
  }
  made.clear();
}

/**
 * A fresh directory under the system's temporary folder for a test to write in (a data directory, a spool, a
 * keyring), removed when the process ends: a test file's, or a Playwright worker's. Not in an `after` hook: one
 * registered from inside a `before` hook runs as soon as that hook ends, and a file's top-level hooks run in the
 * order they were registered, so the directory could go before the database or server writing into it is closed.
 */
export function scratchDir(prefix: string): string {
  if (!removing) process.once("exit", removeScratchDirs);
  removing = true;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
}
