import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import type { ListEntry } from "../list-entry.ts";
import { importSanctionsList, type ListOrigin } from "./import-list.ts";
import { listStatuses } from "./list-status.ts";
import { versionChanges } from "./list-versions.ts";
import { readListFile } from "./read-list-file.ts";

// C65: an issue of a list becomes its next version all at once, on a real database (PGlite, or PostgreSQL when
// DATABASE_URL is set), from the real UN and EU excerpts in fixtures/.
await setUpTestInstance("sanctions_lists");

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
const UN = fixture("un-consolidated.xml");
const bytes = (text: string) => new TextEncoder().encode(text);
const T0 = new Date("2026-03-01T08:00:00Z");

function load(text: string, options: { origin?: ListOrigin; source?: "eu" | "un" } = {}) {
  return importSanctionsList({
    bytes: bytes(text),
    fileName: "consolidated.xml",
    origin: options.origin ?? "folder",
    source: options.source,
    read: (b) => readListFile(b),
    clock: () => T0,
  });
}

/** The next day's issue of the UN list: the first individual removed, one renamed, one added, a new date. */
function nextIssue(text: string): string {
  const blocks = text.split("<INDIVIDUAL>");
  const [head, first, second, ...rest] = blocks;
  assert.ok(head && first && second);
  const renamed = second.replace(/<SECOND_NAME>[^<]*<\/SECOND_NAME>/, "<SECOND_NAME>RENAMED</SECOND_NAME>");
  const added = first.replace(/<DATAID>\d+<\/DATAID>/, "<DATAID>99999991</DATAID>");
  return [
    head.replace(/dateGenerated="[^"]+"/, 'dateGenerated="2026-02-28T00:00:09.554Z"'),
    added,
    renamed,
    ...rest,
  ].join("<INDIVIDUAL>");
}

async function stored(source: string): Promise<Map<string, ListEntry>> {
  const prisma = await db();
  const rows = await prisma.sanctionsEntry.findMany({ where: { source } });
  return new Map(rows.map((row) => [row.ref, row.entry as unknown as ListEntry]));
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => assert.fail("the import was expected to be refused"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof AppError, String(error));
  return error;
}

describe("C65 a list issue is imported as a version, all at once", () => {
  it("C65 the first issue stores every entry; the same bytes again are the same version", async () => {
    const parsed = await readListFile(bytes(UN));
    const first = await load(UN);
    assert.equal(first.duplicate, false);
    assert.equal(first.version.source, "un");
    assert.equal(first.version.number, 1);
    assert.equal(first.version.entryCount, parsed.entries.length);
    assert.equal(first.version.added, parsed.entries.length);
    assert.deepEqual([first.version.changed, first.version.removed], [0, 0]);
    assert.equal(first.version.publishedAt, "2026-02-27T00:00:09.554Z");
    const entries = await stored("un");
    assert.deepEqual([...entries.keys()].sort(), parsed.entries.map((e) => e.ref).sort());
    // What is stored is the entry as read, whole.
    const sample = parsed.entries[3]!;
    assert.deepEqual(entries.get(sample.ref), JSON.parse(JSON.stringify(sample)));

    const again = await load(UN, { origin: "upload" });
    assert.equal(again.duplicate, true);
    assert.equal(again.version.id, first.version.id);
    assert.equal((await listStatuses({ maxAgeHours: 48, now: T0 })).find((l) => l.source === "un")?.versionNumber, 1);
  });

  it("C65 the next issue records exactly what it added, changed and removed, with the entries before and after", async () => {
    const before = await stored("un");
    const next = nextIssue(UN);
    const parsed = await readListFile(bytes(next));
    const removedRef = [...before.keys()].find((ref) => !parsed.entries.some((e) => e.ref === ref));
    assert.ok(removedRef);
    const second = await load(next);
    assert.equal(second.version.number, 2);
    assert.deepEqual([second.version.added, second.version.changed, second.version.removed], [1, 1, 1]);

    const { changes } = await versionChanges(second.version.id, { page: 1 });
    const byKind = Object.fromEntries(changes.map((c) => [c.change, c]));
    assert.equal(byKind.added?.ref, "99999991");
    assert.equal(byKind.removed?.ref, removedRef);
    assert.deepEqual(byKind.removed?.before, before.get(removedRef));
    assert.equal(byKind.removed?.after, null);
    const changedRef = byKind.changed!.ref;
    assert.deepEqual(byKind.changed?.before, before.get(changedRef));
    assert.match(JSON.stringify(byKind.changed?.after?.names), /RENAMED/);

    const after = await stored("un");
    assert.equal(after.size, parsed.entries.length);
    assert.equal(after.has(removedRef), false);
    assert.equal(after.has("99999991"), true);
  });

  it("C65 a refused file changes nothing: cut short, another list than named, an older issue", async () => {
    const prisma = await db();
    const snapshot = async () => ({
      entries: await prisma.sanctionsEntry.findMany({ where: { source: "un" }, orderBy: { ref: "asc" } }),
      versions: await prisma.sanctionsListVersion.count(),
      list: await prisma.sanctionsList.findUnique({ where: { source: "un" } }),
    });
    const before = await snapshot();

    const cut = await refusal(load(nextIssue(UN).slice(0, Math.floor(UN.length * 0.6))));
    assert.equal(cut.code, "VALIDATION");
    const other = await refusal(load(fixture("eu-fsf.xml"), { source: "un" }));
    assert.match(
      other.message,
      /EU consolidated financial sanctions list, not the UN Security Council consolidated list/,
    );
    // The first issue again, but changed (so not a duplicate): older than the current version.
    const older = await refusal(load(UN.replace("<SECOND_NAME>BADEGE</SECOND_NAME>", "<SECOND_NAME>X</SECOND_NAME>")));
    assert.equal(older.code, "CONFLICT");
    assert.match(older.message, /2026-02-27\) is older than the current one \(2026-02-28\)/);

    assert.deepEqual(await snapshot(), before);
  });

  it("C65 two issues imported at once become two versions in turn, and the entries are the later one's", async () => {
    const third = nextIssue(UN).replace(
      'dateGenerated="2026-02-28T00:00:09.554Z"',
      'dateGenerated="2026-03-01T00:00:00.000Z"',
    );
    const fourth = third
      .replace('dateGenerated="2026-03-01T00:00:00.000Z"', 'dateGenerated="2026-03-01T00:00:00.000Z"')
      .replace("<DATAID>99999991</DATAID>", "<DATAID>99999992</DATAID>");
    const results = await Promise.allSettled([load(third), load(fourth)]);
    const done = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    assert.equal(done.length, 2, JSON.stringify(results.map((r) => r.status === "rejected" && String(r.reason))));
    assert.deepEqual(done.map((d) => d.version.number).sort(), [3, 4]);
    const last = done.find((d) => d.version.number === 4)!;
    const lastEntries = await readListFile(
      bytes(last.version.fileDigest === done[0]!.version.fileDigest ? third : fourth),
    );
    assert.equal((await stored("un")).size, lastEntries.entries.length);
    const list = await (await db()).sanctionsList.findUniqueOrThrow({ where: { source: "un" } });
    assert.equal(list.versionNumber, 4);
  });
});
