import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { besideSlotsHeld } from "../../db/beside-slots.ts";
import { db } from "../../db/client.ts";
import { POOL_SIZE } from "../../db/driver.ts";
import { isAppError } from "../../errors.ts";
import { fileStorage } from "../../files/configured-storage.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { tearDownDrivers } from "../../testing/tear-down-drivers.ts";
import { importFileBytes, rowCounts } from "./testing/import-test-helpers.ts";
import { awaitImportedOrders, importBankFile } from "./import-bank-file.ts";
import { orderMemo } from "../../orders/order-text.ts";
import { camt054, credit, importConfig, seedHolder } from "./testing/bank-import-fixtures.ts";

await setUpTestInstance("bank_import");

const config = importConfig();

describe("issue 24: the importer", () => {
  after(tearDownDrivers);

  it("a minted order is processed once the chain queue is driven after the commit", async () => {
    const prisma = await db();
    const holder = await seedHolder();
    const report = await importBankFile({
      content: { bytes: camt054([credit(holder.iban, "9.99", { remittance: "Top-up for my wallet" })]) },
      name: "one.xml",
      source: "simulator",
      config,
    });
    // First in the file: the queue holds only this mint (the other tests leave theirs queued, not driven).
    const [order] = await awaitImportedOrders(report, config, { waitMs: 60_000 });
    assert.equal(order?.state, "processed");
    assert.equal(order && orderMemo(order), "Top-up for my wallet");
    assert.equal(await prisma.domainEvent.count({ where: { type: "order.updated", profileId: holder.profileId } }), 1);
  });

  it("C47 a file imported twice mints once; the same message id with other content is refused", async () => {
    const prisma = await db();
    const holder = await seedHolder();
    const bytes = camt054([credit(holder.iban, "25.00"), credit(holder.iban, "0.01")]);
    const first = await importFileBytes(config, bytes);
    assert.equal(first.file.duplicate, false);
    assert.deepEqual(first.counts, { minted: 2 });
    const [a, b] = first.entries;
    assert.ok(a?.orderId && b?.orderId);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: a.orderId } });
    assert.equal(order.kind, "issue");
    assert.equal(order.amountMinor, 2500n);
    assert.equal(order.currency, "eur");
    assert.equal(order.profileId, holder.profileId);
    assert.equal(order.address, holder.address);
    assert.ok(order.chainAttemptAt, "the order is claimed for its mint");
    assert.equal(
      await prisma.chainTransaction.count({ where: { orderId: order.id, kind: "mint", state: "queued" } }),
      1,
    );
    assert.equal(await prisma.domainEvent.count({ where: { type: "order.created", profileId: holder.profileId } }), 2);
    const payment = await prisma.incomingPayment.findUniqueOrThrow({ where: { orderId: order.id } });
    assert.equal(payment.bankReference, a.identity);

    const stored = await fileStorage(config).get(first.file.sha256);
    assert.ok(stored, "the file's content is kept in file storage, found by its SHA-256");
    assert.deepEqual(new Uint8Array(await new Response(stored).arrayBuffer()), new Uint8Array(bytes));

    const before = await rowCounts();
    const again = await importFileBytes(config, bytes);
    assert.equal(again.file.duplicate, true);
    assert.equal(again.file.id, first.file.id);
    assert.deepEqual(again.counts, first.counts);
    assert.deepEqual(
      again.entries.map(({ index, identity, result, orderId }) => ({ index, identity, result, orderId })),
      first.entries.map(({ index, identity, result, orderId }) => ({ index, identity, result, orderId })),
    );
    assert.deepEqual(await rowCounts(), before, "nothing changed");

    const messageId = new TextDecoder().decode(bytes).match(/<MsgId>([^<]+)<\/MsgId>/)![1]!;
    await assert.rejects(
      importFileBytes(config, camt054([credit(holder.iban, "99.00")], messageId)),
      (error) =>
        isAppError(error) && error.code === "CONFLICT" && Object.keys(error.fields ?? {})[0] === "GrpHdr/MsgId",
    );
    assert.deepEqual(await rowCounts(), before, "the refused file changed nothing");
  });

  it("C47 the same credit in another file is already imported: the earlier order is reported, none is minted", async () => {
    const holder = await seedHolder();
    const paid = credit(holder.iban, "40.00");
    const notified = await importFileBytes(config, camt054([paid]));
    const orderId = notified.entries[0]!.orderId;
    const before = await rowCounts();
    // The day's statement (here another notification) reports the same credit again, beside a new one.
    const later = await importFileBytes(config, camt054([paid, credit(holder.iban, "1.00")]));
    assert.equal(later.file.duplicate, false);
    assert.deepEqual(later.counts, { already_imported: 1, minted: 1 });
    assert.equal(later.entries[0]!.result, "already_imported");
    assert.equal(later.entries[0]!.orderId, orderId);
    const after = await rowCounts();
    assert.equal(after.orders, before.orders + 1);
    assert.equal(after.entries, before.entries + 1);
  });

  it("C47 a file naming one credit twice, in one batch or in two, mints it once", async () => {
    const holder = await seedHolder();
    const paid = credit(holder.iban, "2.00");
    const twice = await importFileBytes(config, camt054([paid, paid]));
    assert.deepEqual(
      twice.entries.map((entry) => entry.result),
      ["minted", "already_imported"],
    );
    assert.equal(twice.entries[1]!.orderId, twice.entries[0]!.orderId);
    const first = credit(holder.iban, "3.00");
    const filler = Array.from({ length: 499 }, () => credit(holder.iban, "0.01"));
    const apart = await importFileBytes(config, camt054([first, ...filler, first]));
    assert.equal(apart.entries.length, 501);
    assert.deepEqual(apart.counts, { minted: 500, already_imported: 1 });
    assert.equal(apart.entries[500]!.orderId, apart.entries[0]!.orderId);
  });

  it("C47 one file imported by two callers at once mints once", async () => {
    const holder = await seedHolder();
    const bytes = camt054([credit(holder.iban, "12.34"), credit(holder.iban, "56.78")]);
    const before = await rowCounts();
    const [x, y] = await Promise.all([importFileBytes(config, bytes), importFileBytes(config, bytes)]);
    assert.deepEqual([x.file.duplicate, y.file.duplicate].sort(), [false, true]);
    assert.equal(x.file.id, y.file.id);
    const after = await rowCounts();
    assert.equal(after.orders - before.orders, 2);
    assert.equal(after.bankFiles - before.bankFiles, 1);
  });

  it("C47 two files reporting the same credit at once mint it once, and each file's stored report says what it answered", async () => {
    const holder = await seedHolder();
    const paid = credit(holder.iban, "21.09");
    const files = [camt054([paid, credit(holder.iban, "1.11")]), camt054([credit(holder.iban, "2.22"), paid])];
    const before = await rowCounts();
    const reports = await Promise.all(files.map((bytes) => importFileBytes(config, bytes)));
    const after = await rowCounts();
    assert.equal(after.orders - before.orders, 3);
    assert.equal(after.entries - before.entries, 3);
    const answers = reports.flatMap((report) => report.entries.filter((entry) => entry.amount === paid.amount));
    assert.deepEqual(answers.map((entry) => entry.result).sort(), ["already_imported", "minted"]);
    assert.equal(answers[0]!.orderId, answers[1]!.orderId);
    // The same files again are duplicates, their reports rebuilt from the lines each import stored.
    for (const [index, bytes] of files.entries()) {
      const again = await importFileBytes(config, bytes);
      assert.equal(again.file.duplicate, true);
      assert.deepEqual(again.entries, reports[index]!.entries);
      assert.deepEqual(again.counts, reports[index]!.counts);
    }
  });

  it(
    "C47 more files at once than the database pool has connections all import, each credit minted once",
    { timeout: 120_000 },
    async () => {
      // Each import's first look-ups may go out beside its transaction, on a second connection: with every connection
      // held by such a transaction they would wait for one for ever (ten sandbox payments at once did).
      const holder = await seedHolder();
      const files = Array.from({ length: 2 * POOL_SIZE + 1 }, (_, i) => camt054([credit(holder.iban, `${i + 1}.00`)]));
      const before = await rowCounts();
      const reports = await Promise.all(files.map((bytes) => importFileBytes(config, bytes)));
      const after = await rowCounts();
      assert.deepEqual(
        reports.map((report) => report.counts),
        files.map(() => ({ minted: 1 })),
      );
      assert.equal(after.orders - before.orders, files.length);
      assert.equal(after.entries - before.entries, files.length);
      assert.equal(besideSlotsHeld(), 0);
    },
  );
});
