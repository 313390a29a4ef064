import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Remembers which database-independent steps of `npm test` (typecheck, lint, format, build) passed on which exact
 * tree, so that the second run on the same checkout (CI's PostgreSQL leg after its embedded one) does not repeat
 * them. The tree is every file git tracks or would track (ignored ones excepted), by path and content: any edit, new
 * file or lockfile change makes a new fingerprint and the step runs again. The Node version is not part of it: these
 * steps' results do not depend on it, and CI's legs run on different Nodes (.ci/run) and share them.
 */

const DIR = path.resolve("node_modules", ".cache", "tokenrail-test");

export type PassedChecks = {
  /**
   * When the step last passed on this tree, or undefined if it has not. `output` names what the step left behind
   * (the build's id): the record holds only while that is still what is there.
   */
  passedBefore(step: string, output?: string): Date | undefined;
  remember(step: string, output?: string): void;
};

export function treeFingerprint(): string | undefined {
  let listing: string;
  try {
    listing = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    // Not a git checkout: nothing to compare, so every step runs.
    return undefined;
  }
  const hash = createHash("sha256");
  for (const file of listing.split("\0").filter(Boolean).sort()) {
    hash.update(`${file}\0`);
    try {
      hash.update(fs.readFileSync(file));
    } catch {
      // Deleted in the work tree but still in the index.
      hash.update("(absent)");
    }
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** `TOKENRAIL_TEST_RECHECK=1` runs every step whatever passed before. */
export function passedChecks(fingerprint: string | undefined, recheck: boolean): PassedChecks {
  const file = (step: string) => path.join(DIR, `${step.replace(/[^a-z0-9-]/gi, "-")}.json`);
  return {
    passedBefore(step, output) {
      if (!fingerprint || recheck) return undefined;
      try {
        const record = JSON.parse(fs.readFileSync(file(step), "utf8")) as {
          fingerprint?: string;
          output?: string;
          at?: string;
        };
        const same = record.fingerprint === fingerprint && record.output === output;
        return same && record.at ? new Date(record.at) : undefined;
      } catch {
        return undefined;
      }
    },
    remember(step, output) {
      if (!fingerprint) return;
      fs.mkdirSync(DIR, { recursive: true });
      fs.writeFileSync(file(step), JSON.stringify({ fingerprint, output, at: new Date().toISOString() }));
    },
  };
}
