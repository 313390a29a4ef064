import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { mulberry32 } from "../testing/seeded-random.ts";
import { tarGz, type TarEntry } from "./tar-archive.ts";

// The export's archive (C71) read back by the system's own tar, for entries of random sizes around the 512-byte
// blocks (seeded: a failure names its seed and repeats).

describe("the export archive", () => {
  it("C71: GNU tar extracts every entry of a random archive byte for byte", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const random = mulberry32(seed);
      const sizes = [0, 1, 511, 512, 513, 1024, Math.floor(random() * 70_000)];
      const entries: TarEntry[] = sizes.map((size, i) => ({
        name: i === 0 ? "profile.json" : `documents/${seed}-${i}-${Math.floor(random() * 1e9).toString(36)}`,
        content: Buffer.from(Array.from({ length: size }, () => Math.floor(random() * 256))),
        modified: new Date(1_700_000_000_000 + Math.floor(random() * 1e10)),
      }));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-tar-"));
      const archive = path.join(dir, "a.tar.gz");
      fs.writeFileSync(archive, tarGz(entries));
      const listed = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).trim().split("\n");
      assert.deepEqual(
        listed,
        entries.map((e) => e.name),
        `seed ${seed}`,
      );
      execFileSync("tar", ["-xzf", archive, "-C", dir]);
      for (const entry of entries) {
        assert.ok(fs.readFileSync(path.join(dir, entry.name)).equals(entry.content), `seed ${seed}: ${entry.name}`);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("C71: a name that is not ours is refused rather than written", () => {
    for (const name of [
      "",
      "../etc/passwd",
      "/etc/passwd",
      "documents/",
      "a b",
      `documents/${"x".repeat(100)}`,
      "naïve",
    ]) {
      assert.throws(() => tarGz([{ name, content: Buffer.alloc(1), modified: new Date() }]), /not ours/, name);
    }
  });
});
