import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { bankCredit, camt054Of, numberedCamt054, type ImportReport } from "../fixtures/bank.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { mintedSoFar, ordersOf } from "../fixtures/instance-ledger.ts";
import { descendantsOf } from "../fixtures/processes.ts";
import { startScratchInstance, type ScratchInstance } from "../fixtures/scratch-instance.ts";
import type { DemoInstance } from "../fixtures/spawn-server.ts";
import { generateCamt054 } from "../../server/bank/iso20022/testing/generate-camt054.ts";

/**
 * Large bank files are imported in a process of their own with its heap capped (server/bank/import/import-process.ts),
 * on PostgreSQL. Here an instance sends every file to it (`TOKENRAIL_BANK_IMPORT_PROCESS_BYTES=0`): the import is the
 * same, the server says in its log which process imported it, a refusal comes back as the same error, and an import
 * process killed in the middle of a file leaves nothing behind and the server serving.
 */

// The import process is PostgreSQL's (the embedded database has one opener): the tests exist on the PostgreSQL run
// only, like the production specs (a skipped test would count as a failure).

const IMPORTED = '"msg":"bank file imported in a process of its own"';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function upload(operator: APIRequestContext, bytes: Uint8Array, name: string) {
  return operator.post(`/api/admin/bank/files?name=${name}`, {
    headers: { "content-type": "application/xml" },
    data: Buffer.from(bytes),
    timeout: 600_000,
  });
}

if (process.env.DATABASE_URL) {
  let scratch: ScratchInstance | undefined;
  let instance: DemoInstance;
  let operator: APIRequestContext;

  test.beforeAll(async () => {
    scratch = await startScratchInstance("tokenrail_e2e_import_process", {
      TOKENRAIL_BANK_IMPORT_PROCESS_BYTES: "0",
      LOG_LEVEL: "info",
    });
    ({ instance, operator } = scratch);
  });

  test.afterAll(async () => {
    await scratch?.stop();
  });

  test("C47: a file imported in a process of its own mints once; again, it is a duplicate; a refusal is the same error", async ({
    request,
  }) => {
    test.setTimeout(300_000);
    const customer = await customerWithIbanOn(request, instance, operator);
    const iban = customer.iban.replace(/\s+/g, "");
    const bytes = camt054Of([bankCredit(iban, "12.34"), bankCredit(iban, "0.66")]);

    const first = await upload(operator, bytes, "notification.xml");
    expect(first.status(), (await first.text()).slice(0, 500)).toBe(201);
    const report = (await first.json()) as ImportReport;
    expect(report.counts).toEqual({ minted: 2 });
    // The server's log names the file as imported by the import process: another pid than the server's.
    const line = instance.server
      .output()
      .split("\n")
      .find((l) => l.includes(IMPORTED) && l.includes(report.file.id));
    expect(line, "the server logged the import process's answer").toBeDefined();
    expect((JSON.parse(line!) as { entries: number; peakRssMb: number }).entries).toBe(2);

    const again = await upload(operator, bytes, "notification.xml");
    expect(again.status()).toBe(200);
    expect(((await again.json()) as ImportReport).file).toMatchObject({ id: report.file.id, duplicate: true });

    await expect
      .poll(
        async () => (await ordersOf(request, instance.baseUrl, customer)).map((o) => `${o.amount} ${o.state}`).sort(),
        {
          timeout: 60_000,
        },
      )
      .toEqual(["0.66 processed", "12.34 processed"]);

    // Another account's statement, refused inside the import process: the same 400 and field the server gives.
    const other = generateCamt054({
      messageId: `NTF-${randomBytes(12).toString("hex")}`,
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00"),
      accountIban: "DE75512108001245126199",
      credits: [bankCredit(iban, "1.00")],
    });
    const refused = await upload(operator, other, "other.xml");
    expect(refused.status()).toBe(400);
    const body = (await refused.json()) as { code: number; message: string; errors: Record<string, string> };
    expect(body.code).toBe(400);
    expect(body.message).toContain("is DE75512108001245126199, not the master account");
    expect(Object.keys(body.errors)).toEqual(["Document/BkToCstmrDbtCdtNtfctn/Ntfctn[1]/Acct/Id/IBAN"]);
  });

  test("C47: the import process killed in the middle of a file: the upload answers 503, the server serves on, nothing is written, the file again mints each credit once", async ({
    request,
  }) => {
    test.setTimeout(900_000);
    const customer = await customerWithIbanOn(request, instance, operator);
    const iban = customer.iban.replace(/\s+/g, "");
    const CREDITS = 10_000;
    const { totalMinor, bytes, storedIn } = numberedCamt054("KILL", [iban], CREDITS);
    const before = await mintedSoFar(instance.appUrl);

    // The import process is killed once the file is in file storage (the importer keeps it there after every check,
    // just before its transaction begins) and a moment later, inside the transaction.
    const stored = storedIn(instance.server.dataDir);
    let answered: { status: number; body: string } | undefined;
    const pending = upload(operator, bytes, "kill.xml").then(
      async (res) => (answered = { status: res.status(), body: await res.text() }),
    );
    await expect
      .poll(() => answered?.status ?? fs.existsSync(stored), { intervals: [50], timeout: 120_000 })
      .toBe(true);
    await sleep(1_000);
    const [importer] = descendantsOf(instance.server.child.pid!, "bank-import.mjs");
    expect(answered, "the upload was still being imported").toBeUndefined();
    expect(importer, "the import process is running").toBeDefined();
    process.kill(importer!, "SIGKILL");
    await pending;
    expect(answered!.status, answered!.body.slice(0, 300)).toBe(503);
    expect(JSON.parse(answered!.body)).toMatchObject({ code: 503, message: expect.stringContaining("send it again") });

    // The server serves on; nothing of the file was written.
    expect((await fetch(`${instance.appUrl}/readyz`)).status).toBe(200);
    const files = (await (await operator.get("/api/admin/bank/files?limit=100")).json()) as {
      files: { messageId: string }[];
    };
    expect(files.files.filter((f) => f.messageId.startsWith("NTF-KILL-"))).toEqual([]);
    expect(await ordersOf(request, instance.baseUrl, customer)).toEqual([]);

    const again = await upload(operator, bytes, "kill.xml");
    expect(again.status(), (await again.text()).slice(0, 500)).toBe(201);
    expect(((await again.json()) as ImportReport).counts).toEqual({ minted: CREDITS });
    await expect
      .poll(() => mintedSoFar(instance.appUrl), { intervals: [1_000], timeout: 600_000 })
      .toEqual({ mintedMinor: before.mintedMinor + totalMinor, open: 0 });
    const orders = await ordersOf(request, instance.baseUrl, customer);
    expect(orders).toHaveLength(CREDITS);
    expect(new Set(orders.map((o) => o.memo)).size).toBe(CREDITS);
    expect(orders.filter((o) => o.kind !== "issue" || o.state !== "processed")).toEqual([]);
  });
}
