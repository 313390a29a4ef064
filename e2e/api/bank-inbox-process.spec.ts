import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { generateCamt054 } from "../../server/bank/iso20022/testing/generate-camt054.ts";
import { bankCredit } from "../fixtures/bank.ts";
import { descendantsOf } from "../fixtures/processes.ts";
import { ISO20022_BANK } from "../fixtures/production-instance.ts";
import { startScratchInstance, type ScratchInstance } from "../fixtures/scratch-instance.ts";
import type { DemoInstance } from "../fixtures/spawn-server.ts";
import { scratchDir } from "../../server/testing/scratch-dir.ts";

/*
 * An inbox file whose import process never answers (one that runs it out of memory every time) is not tried for
 * ever: after three endings in a row it is moved to `refused/` with the reason and what to do beside it, and nothing
 * of it is written. Here the test plays the out-of-memory killer: it kills each import process as it appears.
 */

// The import process is PostgreSQL's (the embedded database has one opener): the test exists on the PostgreSQL run
// only, like the production specs (a skipped test would count as a failure).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.env.DATABASE_URL) {
  let scratch: ScratchInstance | undefined;
  let instance: DemoInstance;
  let operator: APIRequestContext;
  let inbox: string;

  test.beforeAll(async () => {
    inbox = path.join(scratchDir("tokenrail-bank-"), "inbox");
    fs.mkdirSync(inbox);
    scratch = await startScratchInstance("tokenrail_e2e_inbox_process", {
      ...ISO20022_BANK,
      TOKENRAIL_BANK_TRANSPORT: "folder",
      TOKENRAIL_BANK_INBOX: inbox,
      TOKENRAIL_BANK_OUTBOX: path.join(inbox, "..", "outbox"),
      TOKENRAIL_BANK_POLL_INTERVAL: "1",
      TOKENRAIL_BANK_IMPORT_PROCESS_BYTES: "0",
      LOG_LEVEL: "info",
    });
    ({ instance, operator } = scratch);
  });

  test.afterAll(async () => {
    await scratch?.stop();
  });

  test("C47: an inbox file whose import process ends three times without answering is refused with the reason, not tried for ever", async () => {
    test.setTimeout(120_000);
    const name = "notification-oom.xml";
    const messageId = `NTF-OOM-${randomBytes(8).toString("hex")}`;
    const bytes = generateCamt054({
      messageId,
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00"),
      accountIban: ISO20022_BANK.TOKENRAIL_BANK_ACCOUNT_IBAN,
      credits: [bankCredit("DE02120300000000202051", "10.00")],
    });
    fs.writeFileSync(path.join(inbox, `.${name}.part`), bytes);
    fs.renameSync(path.join(inbox, `.${name}.part`), path.join(inbox, name));

    // Each import process is killed as soon as it appears, long before it could answer.
    const killed = new Set<number>();
    const reason = path.join(inbox, "refused", `${name}.reason.txt`);
    const deadline = Date.now() + 90_000;
    while (!fs.existsSync(reason) && Date.now() < deadline) {
      for (const pid of descendantsOf(instance.server.child.pid!, "bank-import.mjs")) {
        if (killed.has(pid)) continue;
        process.kill(pid, "SIGKILL");
        killed.add(pid);
      }
      await sleep(10);
    }
    expect(fs.existsSync(reason), "the file was refused").toBe(true);
    const bankLines = () =>
      instance.server
        .output()
        .split("\n")
        .filter((l) => l.includes("bank"))
        .join("\n");
    expect(killed.size, bankLines()).toBe(3);

    expect(fs.existsSync(path.join(inbox, name))).toBe(false);
    expect(fs.readdirSync(path.join(inbox, "refused")).sort()).toEqual([name, `${name}.reason.txt`]);
    const text = fs.readFileSync(reason, "utf8");
    expect(text).toContain("Its import process ended before it answered, 3 times in a row (the last time: SIGKILL).");
    expect(text).toContain("TOKENRAIL_BANK_IMPORT_HEAP_MB (now 128)");
    // The server logs the refusal after it writes the reason: the line may reach the pipe a moment later.
    const logged = () =>
      instance.server
        .output()
        .split("\n")
        .filter((l) => l.includes('"msg":"bank file refused and moved to refused/"') && l.includes(name)).length;
    await expect.poll(logged, { timeout: 10_000 }).toBe(1);

    // Nothing of it was written, and the server serves on.
    const list = await operator.get("/api/admin/bank/files?limit=100");
    expect(list.status()).toBe(200);
    const files = ((await list.json()) as { files: { messageId: string }[] }).files;
    expect(files.filter((f) => f.messageId === messageId)).toEqual([]);
    expect((await fetch(`${instance.appUrl}/readyz`)).status).toBe(200);
  });
}
