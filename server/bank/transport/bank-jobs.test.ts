import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { getConfig } from "../../config.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import type { importBankFile, ImportReport } from "../import/import-bank-file.ts";
import { ImportProcessEnded } from "../import/import-process.ts";
import type { BankTransport } from "./bank-transport.ts";
import { deliverReleasedFiles, importInbox, PROCESS_ENDINGS_BEFORE_REFUSAL } from "./bank-jobs.ts";
import { FolderTransport } from "./folder-transport.ts";
import { scratchDir } from "../../testing/scratch-dir.ts";

await setUpTestInstance("bank_jobs");

function folders() {
  const dir = scratchDir("tokenrail-bank-jobs-");
  return { dir, inbox: path.join(dir, "in"), outbox: path.join(dir, "out") };
}

const report = (name: string): ImportReport => ({
  file: { id: randomUUID(), message: "camt.054.001.08", messageId: name, sha256: "", duplicate: false },
  counts: {},
  entries: [],
});

describe("the inbox job", () => {
  it("imports and archives each file; a refused one goes to refused/ with its reason; a failure stays", async () => {
    const config = getConfig();
    const { inbox } = folders();
    fs.mkdirSync(inbox, { recursive: true });
    for (const name of ["1-good.xml", "2-invalid.xml", "3-database-away.xml", "4-good.xml"]) {
      fs.writeFileSync(path.join(inbox, name), `<${name}/>`);
    }
    const seen: string[] = [];
    const importFile: typeof importBankFile = async (options) => {
      assert.equal(options.source, "inbox");
      assert.ok("path" in options.content);
      const text = fs.readFileSync(options.content.path, "utf8");
      seen.push(`${options.name}=${text}`);
      await Promise.resolve();
      if (options.name.includes("invalid")) {
        throw new AppError("VALIDATION", "The bank file was refused: Document/X is wrong", { "Document/X": "wrong" });
      }
      if (options.name.includes("away")) throw new Error("connection refused");
      return report(options.name);
    };
    const transport = new FolderTransport({ inbox, outbox: path.join(inbox, "..", "out") });
    const run = await importInbox({ config, transport, importFile });
    assert.deepEqual(run, {
      imported: ["1-good.xml", "4-good.xml"],
      refused: ["2-invalid.xml"],
      failed: ["3-database-away.xml"],
    });
    assert.deepEqual(seen, [
      "1-good.xml=<1-good.xml/>",
      "2-invalid.xml=<2-invalid.xml/>",
      "3-database-away.xml=<3-database-away.xml/>",
      "4-good.xml=<4-good.xml/>",
    ]);
    assert.deepEqual(fs.readdirSync(path.join(inbox, "processed")).sort(), ["1-good.xml", "4-good.xml"]);
    assert.deepEqual(fs.readdirSync(path.join(inbox, "refused")).sort(), ["2-invalid.xml", "2-invalid.xml.reason.txt"]);
    assert.equal(
      fs.readFileSync(path.join(inbox, "refused", "2-invalid.xml.reason.txt"), "utf8"),
      "The bank file was refused: Document/X is wrong\nDocument/X: wrong\n",
    );
    assert.deepEqual(
      (await transport.list()).map((file) => file.name),
      ["3-database-away.xml"],
    );
    // No spool file is left behind.
    assert.deepEqual(fs.readdirSync(path.join(config.dataDir, "tmp", "bank-inbox")), []);
  });

  it("refuses a file over the size limit without reading it into the importer", async () => {
    const config = { ...getConfig(), bank: { ...getConfig().bank, maxFileBytes: 10 } };
    const { inbox, outbox } = folders();
    fs.mkdirSync(inbox, { recursive: true });
    fs.writeFileSync(path.join(inbox, "huge.xml"), "x".repeat(11));
    const run = await importInbox({
      config,
      transport: new FolderTransport({ inbox, outbox }),
      importFile: () => Promise.reject(new Error("must not be called")),
    });
    assert.deepEqual(run.refused, ["huge.xml"]);
    assert.match(fs.readFileSync(path.join(inbox, "refused", "huge.xml.reason.txt"), "utf8"), /larger than 10/);
  });

  it("refuses a file whose import process ends without answering three times in a row, and only that file", async () => {
    const config = getConfig();
    const { inbox, outbox } = folders();
    fs.mkdirSync(inbox, { recursive: true });
    fs.writeFileSync(path.join(inbox, "1-kills.xml"), "<kills/>");
    fs.writeFileSync(path.join(inbox, "2-once.xml"), "<once/>");
    const calls: string[] = [];
    const importFile: typeof importBankFile = async (options) => {
      calls.push(options.name);
      await Promise.resolve();
      if (options.name === "1-kills.xml") throw new ImportProcessEnded("SIGKILL");
      // The other file's process ends once, then it imports: its count starts again.
      if (calls.filter((n) => n === options.name).length === 1) throw new ImportProcessEnded("exit 134");
      return report(options.name);
    };
    const transport = new FolderTransport({ inbox, outbox });
    const runs = [];
    for (let i = 0; i < PROCESS_ENDINGS_BEFORE_REFUSAL; i += 1)
      runs.push(await importInbox({ config, transport, importFile }));
    assert.deepEqual(runs, [
      { imported: [], refused: [], failed: ["1-kills.xml", "2-once.xml"] },
      { imported: ["2-once.xml"], refused: [], failed: ["1-kills.xml"] },
      { imported: [], refused: ["1-kills.xml"], failed: [] },
    ]);
    assert.deepEqual(fs.readdirSync(path.join(inbox, "refused")).sort(), ["1-kills.xml", "1-kills.xml.reason.txt"]);
    const reason = fs.readFileSync(path.join(inbox, "refused", "1-kills.xml.reason.txt"), "utf8");
    assert.match(reason, /ended before it answered, 3 times in a row \(the last time: SIGKILL\)/);
    assert.ok(reason.includes(`TOKENRAIL_BANK_IMPORT_HEAP_MB (now ${config.bank.importProcess.heapMb})`), reason);
    // Back in the inbox, it is tried afresh: three more endings before it is refused again.
    fs.renameSync(path.join(inbox, "refused", "1-kills.xml"), path.join(inbox, "1-kills.xml"));
    assert.deepEqual((await importInbox({ config, transport, importFile })).failed, ["1-kills.xml"]);
  });
});

describe("the delivery job", () => {
  async function paymentFile(state: "written" | "released" | "delivered", name: string) {
    const prisma = await db();
    const content = new TextEncoder().encode(`<Document>${name}</Document>`);
    return prisma.bankFile.create({
      data: {
        direction: "outbound",
        message: "pain.001.001.09",
        messageId: `MSG-${randomUUID().slice(0, 8)}`,
        sha256: createHash("sha256").update(content).digest("hex"),
        size: content.length,
        name,
        source: "payment-run",
        state,
        content,
        createdAt: new Date(),
      },
    });
  }

  it("delivers every released file once and marks it delivered; a failed delivery stays released", async () => {
    const config = getConfig();
    const { inbox, outbox } = folders();
    const released = await paymentFile("released", "pain001-a.xml");
    const written = await paymentFile("written", "pain001-b.xml");
    const failing = await paymentFile("released", "pain001-c.xml");
    const folder = new FolderTransport({ inbox, outbox });
    const transport: BankTransport = {
      kind: "folder",
      list: () => folder.list(),
      fetch: (...args) => folder.fetch(...args),
      archive: (...args) => folder.archive(...args),
      deliver: (file) =>
        file.name === "pain001-c.xml" ? Promise.reject(new Error("outbox unreachable")) : folder.deliver(file),
    };
    const at = new Date("2026-11-26T12:00:00Z");
    const first = await deliverReleasedFiles({ config, transport, now: () => at });
    assert.deepEqual(first, { delivered: [released.id], failed: [failing.id] });
    assert.deepEqual(fs.readdirSync(outbox), ["pain001-a.xml"]);
    assert.equal(fs.readFileSync(path.join(outbox, "pain001-a.xml"), "utf8"), "<Document>pain001-a.xml</Document>");
    const prisma = await db();
    const rows = await prisma.bankFile.findMany({
      where: { id: { in: [released.id, written.id, failing.id] } },
      select: { id: true, state: true, deliveredAt: true },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    assert.deepEqual(byId.get(released.id), { id: released.id, state: "delivered", deliveredAt: at });
    assert.equal(byId.get(written.id)?.state, "written");
    assert.equal(byId.get(failing.id)?.state, "released");
    // Two instances at once, the delivery slow: each file goes to the bank once (the one that failed, now too), and
    // is marked once.
    const again = await paymentFile("released", "pain001-d.xml");
    const sent: string[] = [];
    const slow: BankTransport = {
      ...transport,
      deliver: async (file) => {
        sent.push(file.name);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await folder.deliver(file);
      },
    };
    const [a, b] = await Promise.all([
      deliverReleasedFiles({ config, transport: slow }),
      deliverReleasedFiles({ config, transport: slow }),
    ]);
    assert.deepEqual(sent.sort(), ["pain001-c.xml", "pain001-d.xml"]);
    assert.equal([...a.delivered, ...b.delivered].filter((id) => id === again.id).length, 1);
    assert.deepEqual(fs.readdirSync(outbox).sort(), ["pain001-a.xml", "pain001-c.xml", "pain001-d.xml"]);
  });
});
