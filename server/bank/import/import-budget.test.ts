import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { db } from "../../db/client.ts";
import { type AppError } from "../../errors.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { fixture } from "../iso20022/testing/fixtures.ts";
import { generateCamt054, syntheticCredits } from "../iso20022/testing/generate-camt054.ts";
import { importInbox } from "../transport/bank-jobs.ts";
import { FolderTransport } from "../transport/folder-transport.ts";
import { importBankFile } from "./import-bank-file.ts";
import { ImportBudget } from "./import-budget.ts";
import { importInOwnProcess } from "./import-process.ts";
import { IN_MEMORY_BYTES } from "./read-inbound-file.ts";
import { FIXTURE_MASTER_IBAN, importConfig, seedHolders } from "./testing/bank-import-fixtures.ts";
import { scratchDir } from "../../testing/scratch-dir.ts";

/*
 * Issue 31, item 5: every import has a time limit (import-budget.ts). Past it the import is ended, nothing of it is
 * written, and the file is refused with the reason: an upload's answer, the inbox's refused/.
 */

await setUpTestInstance("bank_import_budget");

const config = importConfig();
const within = (seconds: number) => ({ ...config, bank: { ...config.bank, importTimeLimitSeconds: seconds } });
const dir = scratchDir("tokenrail-bank-budget-");

async function written() {
  const prisma = await db();
  return {
    files: await prisma.bankFile.count(),
    lines: await prisma.bankFileEntry.count(),
    orders: await prisma.order.count(),
  };
}

const TIME_LIMIT = /^was not read and imported within the import's time limit of [\d.]+ s .*nothing of it was written$/;

describe("issue 31: an import past its time limit is ended and the file refused (C46)", () => {
  it("C46 a tiny configured limit refuses a small file read whole, and nothing is written", async () => {
    const before = await written();
    const file = path.join(dir, "small.xml");
    fs.writeFileSync(file, fixture("camt.054.001.08.xml"));
    await assert.rejects(
      importBankFile({ content: { path: file }, name: "small.xml", source: "upload", config: within(0.001) }),
      (error: AppError) => error.code === "VALIDATION" && TIME_LIMIT.test(error.fields?.file ?? ""),
    );
    assert.deepEqual(await written(), before);
  });

  it("C46 a streamed file whose limit passes inside its transaction is rolled back, not committed", async () => {
    const credits = [...syntheticCredits(3_000)];
    await seedHolders([...new Set(credits.map((credit) => credit.creditorIban))]);
    const file = path.join(dir, "large.xml");
    const bytes = generateCamt054({
      messageId: "NTF-BUDGET-1",
      createdAt: "2026-11-26T10:00:00+01:00",
      accountIban: FIXTURE_MASTER_IBAN,
      credits,
    });
    fs.writeFileSync(file, bytes);
    assert.ok(bytes.byteLength > IN_MEMORY_BYTES, "the file is read as a stream");
    const before = await written();
    let batches = 0;
    const budget = ImportBudget.of(10);
    await assert.rejects(
      importBankFile({
        content: { path: file },
        name: "large.xml",
        source: "inbox",
        config,
        budget,
        driveChain: false,
        // The file is read and its first batch written; then its time runs out.
        afterBatch: async () => {
          batches++;
          if (batches === 1) await new Promise((resolve) => setTimeout(resolve, budget.deadlineMs - Date.now() + 50));
        },
      }),
      (error: AppError) => error.code === "VALIDATION" && TIME_LIMIT.test(error.fields?.file ?? ""),
    );
    assert.equal(batches, 1);
    assert.deepEqual(await written(), before, "the batch written before the limit was rolled back");
  });

  it("C46 in the inbox, a file past its limit goes to refused/ with the reason, and the file behind it is imported", async () => {
    const inbox = path.join(dir, "inbox");
    fs.mkdirSync(inbox, { recursive: true });
    fs.writeFileSync(path.join(inbox, "1-slow.xml"), fixture("camt.053.001.08.xml"));
    fs.writeFileSync(path.join(inbox, "2-good.xml"), fixture("camt.054.001.08.xml"));
    const transport = new FolderTransport({ inbox, outbox: path.join(dir, "outbox") });
    const run = await importInbox({
      config,
      transport,
      importFile: (options) =>
        importBankFile({ ...options, config: within(options.name.includes("slow") ? 0.001 : 60), driveChain: false }),
    });
    assert.deepEqual(run, { imported: ["2-good.xml"], refused: ["1-slow.xml"], failed: [] });
    const reason = fs.readFileSync(path.join(inbox, "refused", "1-slow.xml.reason.txt"), "utf8");
    assert.match(reason, /time limit of 0.001 s \(TOKENRAIL_BANK_IMPORT_TIME_LIMIT\); nothing of it was written/);
  });

  it(
    "C46 an import process stuck past its limit is killed, its transaction rolled back, and the file refused",
    { skip: process.env.DATABASE_URL ? false : "an import process of its own runs on PostgreSQL only" },
    async () => {
      const bundle = fileURLToPath(new URL("./testing/stuck-import-process.mjs", import.meta.url));
      const marker = `budget_marker_${process.pid}`;
      const startedFile = path.join(dir, "stuck-started");
      const started = Date.now();
      await assert.rejects(
        importInOwnProcess(bundle, { path: "/nonexistent", name: "stuck.xml", source: "inbox" }, config, {
          budgetSeconds: 8,
          env: { ...process.env, STUCK_MARKER_TABLE: marker, STUCK_STARTED_FILE: startedFile },
        }),
        (error: AppError) => error.code === "VALIDATION" && TIME_LIMIT.test(error.fields?.file ?? ""),
      );
      const seconds = (Date.now() - started) / 1000;
      assert.ok(fs.existsSync(startedFile), "the process began its transaction");
      assert.ok(seconds >= 8 && seconds < 14, `ended after ${seconds} s`);
      const prisma = await db();
      const rows = await prisma.$queryRawUnsafe<{ found: string | null }[]>(
        `SELECT to_regclass('public.${marker}')::text AS found`,
      );
      assert.equal(rows[0]?.found, null, "the killed process's transaction was not committed");
    },
  );
});
