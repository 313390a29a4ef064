import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { generateCamt054, syntheticCredits } from "../iso20022/testing/generate-camt054.ts";
import { importBankFile, IMPORT_BATCH_SIZE } from "./import-bank-file.ts";
import { IN_MEMORY_BYTES } from "./read-inbound-file.ts";
import { FIXTURE_MASTER_IBAN, importConfig, seedHolders } from "./testing/bank-import-fixtures.ts";
import { scratchDir } from "../../testing/scratch-dir.ts";

await setUpTestInstance("bank_import_large");

const config = importConfig();
const dir = scratchDir("tokenrail-bank-import-");

/** A camt.054 of `count` synthetic credits on disk (to a thousand virtual IBANs, all held by approved profiles). */
function notificationFile(name: string, count: number, messageId: string): string {
  const file = path.join(dir, name);
  const bytes = generateCamt054({
    messageId,
    createdAt: "2026-11-26T10:00:00+01:00",
    accountIban: FIXTURE_MASTER_IBAN,
    credits: syntheticCredits(count),
  });
  fs.writeFileSync(file, bytes);
  return file;
}

async function counts() {
  const prisma = await db();
  return {
    files: await prisma.bankFile.count(),
    entries: await prisma.bankEntry.count(),
    lines: await prisma.bankFileEntry.count(),
    orders: await prisma.order.count(),
    events: await prisma.domainEvent.count({ where: { type: "order.created" } }),
    mints: await prisma.chainTransaction.count({ where: { kind: "mint" } }),
  };
}

describe("issue 24: large files through the path reader", () => {
  it("seeds the thousand virtual IBANs the synthetic credits are sent to", async () => {
    await seedHolders([...new Set([...syntheticCredits(1000)].map((c) => c.creditorIban))]);
  });

  it("a crash in a late batch (the sixth of six) leaves nothing; the file imported again afterwards mints every credit once", async () => {
    const file = notificationFile("crash.xml", 3_000, "NTF-CRASH-1");
    assert.ok(fs.statSync(file).size > IN_MEMORY_BYTES, "the file is read as a stream");
    const before = await counts();
    await assert.rejects(
      importBankFile({
        content: { path: file },
        name: "crash.xml",
        source: "inbox",
        config,
        driveChain: false,
        afterBatch: (batch) => {
          if (batch === 6) throw new Error("the process died here");
        },
      }),
      /the process died here/,
    );
    assert.deepEqual(await counts(), before, "the transaction rolled back entirely");
    const report = await importBankFile({
      content: { path: file },
      name: "crash.xml",
      source: "inbox",
      config,
      driveChain: false,
    });
    assert.deepEqual(report.counts, { minted: 3_000 });
    const after = await counts();
    assert.equal(after.orders - before.orders, 3_000);
  });

  it("P8 a 10,000-credit camt.054 (16 MB) imports through the stream reader as one transaction", async () => {
    const file = notificationFile("large.xml", 10_000, "NTF-LARGE-1");
    assert.ok(fs.statSync(file).size > IN_MEMORY_BYTES, "the file is read as a stream");
    const before = await counts();
    let batches = 0;
    const started = performance.now();
    const report = await importBankFile({
      content: { path: file },
      name: "large.xml",
      source: "inbox",
      config,
      driveChain: false,
      afterBatch: (batch) => {
        batches = batch;
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`10,000 credits imported in ${seconds.toFixed(1)} s (${Math.round(10_000 / seconds)} per second)`);
    assert.equal(batches, 10_000 / IMPORT_BATCH_SIZE);
    assert.equal(report.entries.length, 10_000);
    // The synthetic references restart at 0 in every file: the crash test's 3,000 are already imported.
    assert.deepEqual(report.counts, { minted: 7_000, already_imported: 3_000 });
    const after = await counts();
    assert.deepEqual(
      {
        files: after.files - before.files,
        entries: after.entries - before.entries,
        lines: after.lines - before.lines,
        orders: after.orders - before.orders,
        events: after.events - before.events,
        mints: after.mints - before.mints,
      },
      { files: 1, entries: 7_000, lines: 10_000, orders: 7_000, events: 7_000, mints: 7_000 },
    );
  });
});
