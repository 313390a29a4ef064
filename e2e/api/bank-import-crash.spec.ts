import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { numberedCamt054 } from "../fixtures/bank.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { mintedSoFar, ordersOf } from "../fixtures/instance-ledger.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import {
  demoCredentialsOf,
  type SpawnedServer,
  spawnServer,
  startDemoInstance,
  stopServer,
  waitFor,
} from "../fixtures/spawn-server.ts";

/**
 * C47, the crash leg: an instance is killed with SIGKILL in the middle of importing a camt.054 of 10,000 credits
 * (its one transaction under way), started again on the same data, and the file uploaded again: every credit is
 * minted exactly once. The kill comes once the file's content is in file storage (the importer keeps it there after
 * every check and just before its transaction begins) and a moment later, while the upload is still unanswered.
 * On PostgreSQL a file this size is imported in a process of its own (server/bank/import/import-process.ts): the
 * kill of the server ends that process too, and with it the transaction.
 */

const CREDITS = 10_000;
/** From the content reaching file storage to the kill: inside the transaction, which takes several seconds. */
const KILL_AFTER_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("C47: SIGKILL during a 10,000-entry import, then the file again: each credit minted once", async ({ request }) => {
  test.setTimeout(900_000);
  const database = await scratchDatabase("tokenrail_e2e_bank_crash");
  const port = await freePort();
  const settings = { ...database?.env, TOKENRAIL_SECRET: randomBytes(32).toString("base64url") };
  const first = await startDemoInstance(port, settings);
  let server: SpawnedServer = first.server;
  let operator: APIRequestContext | undefined;
  try {
    operator = await operatorSession(first);
    const customers = [
      await customerWithIbanOn(request, first, operator),
      await customerWithIbanOn(request, first, operator),
    ];
    // Each credit names its bank reference in its remittance, which becomes its order's memo. The API shows IBANs
    // in groups of four; a bank file carries them in electronic format.
    const ibans = customers.map((c) => c.iban.replace(/\s+/g, ""));
    const { credits, totalMinor, bytes, storedIn } = numberedCamt054("CRASH", ibans, CREDITS);
    const stored = storedIn(first.server.dataDir);
    const upload = (context: APIRequestContext) =>
      context.post("/api/admin/bank/files?name=crash.xml", {
        headers: { "content-type": "application/xml" },
        data: Buffer.from(bytes),
        timeout: 600_000,
      });

    let answered: string | undefined;
    const pending = upload(operator).then(
      async (res) => (answered = `${res.status()} ${(await res.text()).slice(0, 300)}`),
      () => undefined,
    );
    await expect.poll(() => answered ?? fs.existsSync(stored), { intervals: [50], timeout: 120_000 }).toBe(true);
    await sleep(KILL_AFTER_MS);
    expect(answered, "the upload was still being imported when the instance was killed").toBeUndefined();
    server.child.kill("SIGKILL");
    await server.exited;
    await pending;
    await operator.dispose();
    operator = undefined;

    // The same instance again: its data directory (or database), secret and demo credentials.
    server = spawnServer(port, {
      ...settings,
      TOKENRAIL_DATA_DIR: first.server.dataDir,
      ...demoCredentialsOf(first),
    });
    await expect
      .poll(async () => (await waitFor(`http://localhost:${port}/readyz`, 120_000)).status, { timeout: 120_000 })
      .toBe(200);
    // Nothing of the interrupted import stayed: no file, no orders.
    operator = await operatorSession(first);
    const files = (await (await operator.get("/api/admin/bank/files?limit=100")).json()) as {
      files: { messageId: string }[];
    };
    expect(files.files.filter((f) => f.messageId.startsWith("NTF-CRASH-"))).toEqual([]);
    for (const customer of customers) expect(await ordersOf(request, first.baseUrl, customer)).toEqual([]);

    const again = await upload(operator);
    expect(again.status(), (await again.text()).slice(0, 500)).toBe(201);
    const report = (await again.json()) as { counts: Record<string, number>; entries: { orderId?: string }[] };
    expect(report.counts).toEqual({ minted: CREDITS });
    expect(new Set(report.entries.map((e) => e.orderId)).size).toBe(CREDITS);
    const third = await upload(operator);
    expect(third.status()).toBe(200);
    expect(((await third.json()) as { file: { duplicate: boolean } }).file.duplicate).toBe(true);

    // Every mint done: the ledger holds exactly the file's total, and each reference has one processed order.
    await expect
      .poll(() => mintedSoFar(first.appUrl), { intervals: [1_000], timeout: 600_000 })
      .toEqual({ mintedMinor: totalMinor, open: 0 });
    const orders = (await Promise.all(customers.map((c) => ordersOf(request, first.baseUrl, c)))).flat();
    expect(orders).toHaveLength(CREDITS);
    const byReference = new Map<string, number>();
    for (const order of orders) byReference.set(order.memo, (byReference.get(order.memo) ?? 0) + 1);
    expect(credits.filter((c) => byReference.get(c.remittance) !== 1).map((c) => c.remittance)).toEqual([]);
    expect(orders.filter((o) => o.kind !== "issue" || o.state !== "processed")).toEqual([]);
  } finally {
    await operator?.dispose();
    await stopServer(server);
    await stopServer(first.server);
    await database?.drop();
  }
});
