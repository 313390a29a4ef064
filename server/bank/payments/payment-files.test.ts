import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { XmlDocument } from "libxml2-wasm";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { BankFile } from "../../generated/prisma/client.ts";
import { orderView } from "../../orders/order-view.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { parseDecimalAmount } from "../iso20022/decimal-amount.ts";
import { messageById } from "../iso20022/message-registry.ts";
import { readBankFile } from "../iso20022/read-bank-file.ts";
import { validatorFor } from "../iso20022/schema-validators.ts";
import { at, childrenNamed, textAt } from "../iso20022/xml-tree.ts";
import { redeemEndToEndId } from "./end-to-end-id.ts";
import { releasePaymentFile, runPaymentRun } from "./payouts.ts";
import { bankConfig, burned, customer, orderEvents, PAYEES, placedRedeem } from "./testing/payout-fixtures.ts";
import { paymentFileProblems } from "./verify-payment-file.ts";
import { writePaymentFile } from "./write-payment-file.ts";
import { payoutRemittance } from "./payout-text.ts";
import { openPaymentFile } from "./payment-file-content.ts";

// Issue 24, money out: payment files (C49) on the test database (PGlite, or PostgreSQL when DATABASE_URL is set).
await setUpTestInstance("payment-files");

/** The file as the bank reads it: valid against the official schema of its version, checked here without our code. */
function assertSchemaValid(file: BankFile): void {
  const document = XmlDocument.fromBuffer(openPaymentFile(file.content!));
  try {
    validatorFor(messageById(file.message)).validate(document);
  } finally {
    document.dispose();
  }
}

/** Its payments as written: end-to-end id and amount, after checking NbOfTxs and CtrlSum against them (C49). */
function paymentsOf(file: BankFile): Map<string, bigint> {
  const root = at(readBankFile(openPaymentFile(file.content!), { directions: ["out"] }).document, "CstmrCdtTrfInitn")!;
  const transactions = childrenNamed(at(root, "PmtInf"), "CdtTrfTxInf");
  const payments = new Map<string, bigint>();
  for (const transaction of transactions) {
    const amount = parseDecimalAmount(at(transaction, "Amt", "InstdAmt")!.text, "EUR");
    assert.ok(amount.ok);
    const endToEndId = textAt(transaction, "PmtId", "EndToEndId")!;
    assert.ok(!payments.has(endToEndId), `${endToEndId} twice in ${file.name}`);
    payments.set(endToEndId, amount.minor);
  }
  const total = [...payments.values()].reduce((sum, amount) => sum + amount, 0n);
  for (const header of [at(root, "GrpHdr"), at(root, "PmtInf")]) {
    assert.equal(textAt(header, "NbOfTxs"), String(transactions.length), file.name);
    const controlSum = parseDecimalAmount(textAt(header, "CtrlSum")!, "EUR");
    assert.ok(controlSum.ok && controlSum.minor === total, `${file.name}: CtrlSum ${textAt(header, "CtrlSum")}`);
  }
  assert.deepEqual(file.summary, { nbOfTxs: transactions.length, ctrlSum: textAt(root, "GrpHdr", "CtrlSum") });
  return payments;
}

/** Each end-to-end id of the files leads to exactly one payout and its one order, of that amount. */
async function assertLeadsToOrders(files: BankFile[]): Promise<number> {
  const prisma = await db();
  let count = 0;
  const seen = new Set<string>();
  for (const file of files) {
    for (const [endToEndId, amount] of paymentsOf(file)) {
      assert.ok(!seen.has(endToEndId), `${endToEndId} is in two files`);
      seen.add(endToEndId);
      const payouts = await prisma.payout.findMany({ where: { endToEndId } });
      assert.equal(payouts.length, 1);
      const [payout] = payouts;
      assert.equal(payout!.fileId, file.id);
      assert.equal(payout!.amountMinor, amount);
      const orders = await prisma.order.findMany({ where: { id: payout!.orderId! } });
      assert.equal(orders.length, 1);
      assert.equal(redeemEndToEndId(orders[0]!.id), endToEndId);
      assert.equal(orders[0]!.amountMinor, amount);
      count++;
    }
  }
  return count;
}

async function filesOf(ids: string[]): Promise<BankFile[]> {
  const prisma = await db();
  return prisma.bankFile.findMany({ where: { id: { in: ids } }, orderBy: { seq: "asc" } });
}

async function operator(): Promise<{ userId: string }> {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `treasury-${crypto.randomUUID()}@example.com` } });
  return { userId: user.id };
}

describe("issue 24: payment files (C49)", () => {
  it("C49 sandbox: a redeem's payout is written into a schema-valid pain.001 and released at once; the order is processed with one order.updated naming the file and end-to-end id", async () => {
    const config = bankConfig();
    assert.equal(config.bank.autoRelease, true);
    assert.equal(config.bank.paymentRunIntervalSeconds, 0);
    const who = await customer();
    const order = await placedRedeem(who, { amountMinor: 25_050n, referenceNumber: "RF18 5390 0754 7034" });
    const settled = await burned(order, config);
    assert.equal(settled.state, "processed");
    assert.ok(settled.processedAt);
    assert.equal(settled.endToEndId, redeemEndToEndId(order.id));
    assert.ok(settled.paymentFileId);
    assert.deepEqual(orderView(settled).meta, {
      placedAt: order.placedAt.toISOString(),
      processedAt: settled.processedAt.toISOString(),
      txHashes: settled.txHashes,
      paymentFile: settled.paymentFileId,
      endToEndId: order.id.replaceAll("-", ""),
    });
    assert.deepEqual(await orderEvents(order.id), [{ type: "order.updated", state: "processed" }]);

    const prisma = await db();
    const payout = await prisma.payout.findUniqueOrThrow({ where: { orderId: order.id } });
    assert.equal(payout.state, "released");
    assert.equal(payoutRemittance(payout), "RF18539007547034");
    const [file] = await filesOf([settled.paymentFileId]);
    assert.equal(file!.state, "released");
    assert.equal(file!.message, "pain.001.001.09");
    assert.equal(file!.name, `pain001-${file!.messageId}.xml`);
    assert.equal(file!.accountIban, config.bank.account.iban);
    assertSchemaValid(file!);
    assert.deepEqual(paymentFileProblems(file!, [payout]), []);
    assert.equal(await assertLeadsToOrders([file!]), 1);
    assert.ok(!new TextDecoder().decode(file!.content!).includes("Zoe Angstrom"), "C70 the kept file is sealed");
    const text = new TextDecoder().decode(openPaymentFile(file!.content!));
    assert.match(text, /<Ref>RF18539007547034<\/Ref>/);
    assert.match(text, /<Nm>Zoe Angstrom \+ Son<\/Nm>/);
  });

  for (const painVersion of ["09", "03"] as const) {
    it(`C49 pain.001.001.${painVersion}, released by hand: orders wait pending after the burn, runs batch them into schema-valid files whose NbOfTxs and CtrlSum match and whose end-to-end ids lead to one order each; the orders are processed on release, once`, async () => {
      const config = bankConfig({ manual: true, painVersion });
      const prisma = await db();
      const who = await customer();
      const orders = [];
      for (let i = 0; i < 5; i++) {
        const order = await placedRedeem(who, {
          amountMinor: 1_000n + BigInt(i) * 101n,
          counterpart: PAYEES[i % PAYEES.length],
          memo: i === 1 ? "€€€€€" : `Invoice ${i} – März`,
        });
        const settled = await burned(order, config);
        assert.equal(settled.state, "pending");
        assert.equal(settled.processedAt, null);
        assert.equal(settled.txHashes.length, 1);
        assert.equal(orderView(settled).meta.paymentFile, undefined);
        orders.push(settled);
      }
      for (const order of orders) assert.deepEqual(await orderEvents(order.id), []);

      const run = await runPaymentRun(config, { maxPerFile: 3 });
      assert.deepEqual(
        run.files.map((file) => [file.state, file.nbOfTxs]),
        [
          ["written", 3],
          ["written", 2],
        ],
      );
      const files = await filesOf(run.files.map((file) => file.fileId));
      for (const file of files) {
        assert.equal(file.message, `pain.001.001.${painVersion}`);
        assert.equal(file.direction, "outbound");
        assert.equal(file.state, "written");
        assertSchemaValid(file);
      }
      assert.equal(await assertLeadsToOrders(files), 5);
      // Nothing is processed before its file is released; a second run finds nothing to batch.
      for (const order of orders) {
        assert.equal((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).state, "pending");
      }
      assert.deepEqual((await runPaymentRun(config)).files, []);

      const actor = await operator();
      const released = await releasePaymentFile({ fileId: files[0]!.id, actor, config });
      assert.deepEqual([released.state, released.ordersProcessed], ["released", 3]);
      await assert.rejects(
        releasePaymentFile({ fileId: files[0]!.id, actor, config }),
        (error: unknown) => error instanceof AppError && error.code === "CONFLICT",
      );
      const inFirst = await prisma.payout.findMany({ where: { fileId: files[0]!.id } });
      for (const payout of inFirst) {
        assert.equal(payout.state, "released");
        const order = await prisma.order.findUniqueOrThrow({ where: { id: payout.orderId! } });
        assert.equal(order.state, "processed");
        assert.equal(order.paymentFileId, files[0]!.id);
        assert.equal(order.endToEndId, payout.endToEndId);
        assert.deepEqual(await orderEvents(order.id), [{ type: "order.updated", state: "processed" }]);
      }
      const inSecond = await prisma.payout.findMany({ where: { fileId: files[1]!.id } });
      for (const payout of inSecond) {
        assert.equal(payout.state, "batched");
        assert.equal((await prisma.order.findUniqueOrThrow({ where: { id: payout.orderId! } })).state, "pending");
      }
      const audit = await prisma.auditEntry.findMany({ where: { subjectId: files[0]!.id } });
      assert.deepEqual(
        audit.map((entry) => [entry.action, entry.subjectType, entry.actorUserId]),
        [["bank.payment-file.release", "bank-file", actor.userId]],
      );
      await releasePaymentFile({ fileId: files[1]!.id, actor, config });
    });
  }

  it("C49 three payment runs at once put every payout in exactly one file", async () => {
    const config = bankConfig({ manual: true });
    const prisma = await db();
    const who = await customer();
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const order = await placedRedeem(who, { amountMinor: 500n + BigInt(i), counterpart: PAYEES[i % PAYEES.length] });
      ids.push((await burned(order, config)).id);
    }
    const runs = await Promise.all([0, 1, 2].map(() => runPaymentRun(config, { maxPerFile: 4 })));
    const outcomes = runs.flatMap((run) => run.files);
    assert.equal(
      outcomes.reduce((sum, file) => sum + file.nbOfTxs, 0),
      23,
    );
    const files = await filesOf(outcomes.map((file) => file.fileId));
    assert.equal(await assertLeadsToOrders(files), 23);
    const payouts = await prisma.payout.findMany({ where: { orderId: { in: ids } } });
    assert.equal(payouts.length, 23);
    assert.ok(payouts.every((payout) => payout.state === "batched" && payout.fileId !== null));

    // A payout already in a file is never written into another: the conditional update refuses and rolls back.
    const before = await prisma.bankFile.count();
    await assert.rejects(
      prisma.$transaction((tx) => writePaymentFile(tx, [payouts[0]!], { config, now: new Date(Date.now() + 1000) })),
      /batched elsewhere/,
    );
    assert.equal(await prisma.bankFile.count(), before);
    for (const file of files) await releasePaymentFile({ fileId: file.id, config });
  });

  it("C49 a file whose stored bytes changed after it was written is not released", async () => {
    const config = bankConfig({ manual: true });
    const prisma = await db();
    const order = await placedRedeem(await customer(), { amountMinor: 7_700n });
    await burned(order, config);
    const [outcome] = (await runPaymentRun(config)).files;
    const file = await prisma.bankFile.findUniqueOrThrow({ where: { id: outcome!.fileId } });
    const tampered = new TextDecoder()
      .decode(openPaymentFile(file.content!))
      .replace('<InstdAmt Ccy="EUR">77.00', '<InstdAmt Ccy="EUR">770.00');
    await prisma.bankFile.update({ where: { id: file.id }, data: { content: new TextEncoder().encode(tampered) } });
    await assert.rejects(
      releasePaymentFile({ fileId: file.id, config }),
      (error: unknown) =>
        error instanceof AppError && error.code === "CONFLICT" && /SHA-256 differs/.test(error.message),
    );
    assert.equal((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).state, "pending");
    // Back as written: released.
    await prisma.bankFile.update({ where: { id: file.id }, data: { content: file.content } });
    assert.equal((await releasePaymentFile({ fileId: file.id, config })).ordersProcessed, 1);
  });

  it("a payout that cannot be written holds up no other: it waits instructed, the rest go into the file", async () => {
    const config = bankConfig({ manual: true });
    const prisma = await db();
    const who = await customer();
    const good = await burned(await placedRedeem(who, { amountMinor: 100n }), config);
    const bad = await burned(await placedRedeem(who, { amountMinor: 200n }), config);
    const spoiled = await prisma.payout.update({
      where: { orderId: bad.id },
      data: { counterpart: { identifier: { standard: "iban", iban: "NOT AN IBAN" }, details: { name: "X" } } },
    });
    const [file, ...more] = (await runPaymentRun(config)).files;
    assert.deepEqual([file!.nbOfTxs, more], [1, []]);
    assert.equal((await prisma.payout.findUniqueOrThrow({ where: { orderId: good.id } })).fileId, file!.fileId);
    assert.equal((await prisma.payout.findUniqueOrThrow({ where: { id: spoiled.id } })).state, "instructed");
    await releasePaymentFile({ fileId: file!.fileId, config });
    // Put right, it goes with the next run.
    await prisma.payout.update({ where: { id: spoiled.id }, data: { counterpart: PAYEES[1]! } });
    const [next] = (await runPaymentRun(bankConfig())).files;
    assert.deepEqual([next!.nbOfTxs, next!.state, next!.ordersProcessed], [1, "released", 1]);
  });

  it("a payout in another currency than euros waits instructed: SEPA cannot pay it", async () => {
    const config = bankConfig();
    const prisma = await db();
    const who = await customer();
    const order = await placedRedeem(who, { amountMinor: 900n, currency: "gbp" });
    const settled = await burned(order, config);
    assert.equal(settled.state, "pending");
    const payout = await prisma.payout.findUniqueOrThrow({ where: { orderId: order.id } });
    assert.deepEqual([payout.state, payout.fileId], ["instructed", null]);
    assert.deepEqual((await runPaymentRun(bankConfig({ manual: true }))).files, []);
  });
});
