import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { Order } from "../../generated/prisma/client.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { tearDownDrivers } from "../../testing/tear-down-drivers.ts";
import { importBankFile, type ImportReport } from "../import/import-bank-file.ts";
import { generatePain002, type GeneratedStatusReport } from "../iso20022/testing/generate-pain002.ts";
import { redeemEndToEndId } from "./end-to-end-id.ts";
import { runPaymentRun } from "./payouts.ts";
import { applied, assertReissuedOnce, reissuesOf, walletBalance } from "./testing/payout-assertions.ts";
import { bankConfig, burned, customer, placedRedeem, statusReport } from "./testing/payout-fixtures.ts";

// Issue 31: a pain.002 answers at three levels (group, payment information block, payment); each counts (C50).
await setUpTestInstance("payment-status-levels");

const config = bankConfig();

/** Redeem orders of these amounts, burned, in one payment file the sandbox released at once. */
async function releasedFile(amounts: bigint[]): Promise<{ messageId: string; orders: Order[] }> {
  const manual = bankConfig({ manual: true });
  const burnedOrders: Order[] = [];
  for (const amountMinor of amounts) {
    burnedOrders.push(await burned(await placedRedeem(await customer(), { amountMinor }), manual));
  }
  const [file] = (await runPaymentRun(config)).files;
  assert.equal(file!.nbOfTxs, amounts.length);
  const prisma = await db();
  const orders = await prisma.order.findMany({ where: { id: { in: burnedOrders.map((order) => order.id) } } });
  return {
    messageId: file!.messageId,
    orders: burnedOrders.map((order) => orders.find((row) => row.id === order.id)!),
  };
}

/** A bank's pain.002 on our file `original`, through the importer as an operator's upload. */
function importStatus(original: string, answer: Omit<GeneratedStatusReport, "messageId" | "createdAt" | "original">) {
  const bytes = generatePain002({
    messageId: `STS-${randomBytes(8).toString("hex")}`,
    createdAt: "2026-11-26T15:40:12+01:00",
    original: { messageId: original },
    ...answer,
  });
  return importBytes(bytes);
}

function importBytes(bytes: Uint8Array): Promise<ImportReport> {
  return importBankFile({ content: { bytes }, name: "pain002.xml", source: "upload", config, driveChain: false });
}

/** The report's lines by end-to-end id: what the bank said and what became of the payout. */
function lines(report: ImportReport): Record<string, string> {
  return Object.fromEntries(report.entries.map((entry) => [entry.identity.replace(/^e2e:/, ""), entry.problem ?? ""]));
}

async function payoutsOf(orders: Order[]) {
  const prisma = await db();
  const rows = await prisma.payout.findMany({ where: { orderId: { in: orders.map((order) => order.id) } } });
  return orders.map((order) => {
    const row = rows.find((payout) => payout.orderId === order.id)!;
    return [row.state, row.reasonCode, row.statusLevel];
  });
}

const e2e = (order: Order) => redeemEndToEndId(order.id);

describe("issue 31: pain.002 status levels (C50)", () => {
  after(tearDownDrivers);

  it("C50 a payment information block rejected (PmtInfSts RJCT, AM04) with no payment listed rejects every payout of the block once: tokens back, linked, announced", async () => {
    const { messageId, orders } = await releasedFile([310n, 320n, 330n]);
    for (const order of orders) assert.equal(await walletBalance(order), 0n);
    const answer = {
      blocks: [{ paymentInformationId: messageId, status: "RJCT", reason: "AM04", information: "Insufficient funds" }],
    };
    const first = await importStatus(messageId, answer);
    assert.deepEqual(first.counts, { payout_status: 3 });
    assert.deepEqual(
      lines(first),
      Object.fromEntries(orders.map((order) => [e2e(order), "payment information RJCT AM04: the payout is rejected"])),
    );
    assert.deepEqual(await payoutsOf(orders), [
      ["rejected", "AM04", "paymentInformation"],
      ["rejected", "AM04", "paymentInformation"],
      ["rejected", "AM04", "paymentInformation"],
    ]);
    for (const order of orders) await assertReissuedOnce(order, /rejected by the bank \(AM04\)/, config);

    // The same report again, under another message id: nothing more.
    const again = await importStatus(messageId, answer);
    assert.deepEqual(
      Object.values(lines(again)),
      orders.map(() => "payment information RJCT AM04: the payout is rejected (no change)"),
    );
    for (const order of orders) await assertReissuedOnce(order, /AM04/, config);
  });

  it("C50 a group rejection (GrpSts RJCT) with no block rejects every payout of the file once; again, nothing", async () => {
    const { messageId, orders } = await releasedFile([410n, 420n]);
    const first = await importStatus(messageId, { group: { status: "RJCT", reason: "AM04" } });
    assert.deepEqual(Object.values(lines(first)).sort(), [
      "group RJCT AM04: the payout is rejected",
      "group RJCT AM04: the payout is rejected",
    ]);
    const again = await importStatus(messageId, { group: { status: "RJCT", reason: "AM04" } });
    assert.deepEqual(Object.values(lines(again)), [
      "group RJCT AM04: the payout is rejected (no change)",
      "group RJCT AM04: the payout is rejected (no change)",
    ]);
    assert.deepEqual(await payoutsOf(orders), [
      ["rejected", "AM04", "group"],
      ["rejected", "AM04", "group"],
    ]);
    for (const order of orders) await assertReissuedOnce(order, /AM04/, config);
  });

  it("C50 PART: each payment by its own status; then a block RJCT rejects the ones still open, not the one accepted on its own; a group RJCT after that changes nothing", async () => {
    const { messageId, orders } = await releasedFile([510n, 520n, 530n, 540n]);
    const [a, b, c, d] = orders as [Order, Order, Order, Order];
    const part = {
      group: { status: "PART" },
      blocks: [
        {
          paymentInformationId: messageId,
          status: "PART",
          transactions: [
            { endToEndId: e2e(a), status: "ACCP" },
            { endToEndId: e2e(b), status: "RJCT", reason: "AC01" },
            // Listed with a reason and no status of its own: PART above it decides nothing.
            { endToEndId: e2e(c), reason: "AC04" },
          ],
        },
      ],
    };
    const first = await importStatus(messageId, part);
    assert.deepEqual(lines(first), {
      [e2e(a)]: "ACCP: the payout is accepted",
      [e2e(b)]: "RJCT AC01: the payout is rejected",
      [e2e(c)]: "AC04: the payout is released (no change)",
    });
    assert.deepEqual(await payoutsOf(orders), [
      ["accepted", null, "transaction"],
      ["rejected", "AC01", "transaction"],
      ["released", null, null],
      ["released", null, null],
    ]);

    const block = await importStatus(messageId, {
      blocks: [{ paymentInformationId: messageId, status: "RJCT", reason: "AM04" }],
    });
    assert.deepEqual(lines(block), {
      [e2e(a)]:
        "payment information RJCT AM04: the payment information status says rejected, but a transaction status " +
        "made the payout accepted, and stands",
      [e2e(b)]: "payment information RJCT AM04: the payout is rejected (no change)",
      [e2e(c)]: "payment information RJCT AM04: the payout is rejected",
      [e2e(d)]: "payment information RJCT AM04: the payout is rejected",
    });
    await importStatus(messageId, { group: { status: "RJCT", reason: "FF01" } });
    await importStatus(messageId, part);
    assert.deepEqual(await payoutsOf(orders), [
      ["accepted", null, "transaction"],
      ["rejected", "AC01", "transaction"],
      ["rejected", "AM04", "paymentInformation"],
      ["rejected", "AM04", "paymentInformation"],
    ]);
    assert.deepEqual(await reissuesOf(a, config), []);
    assert.equal(await walletBalance(a), 0n);
    await assertReissuedOnce(b, /AC01/, config);
    await assertReissuedOnce(c, /AM04/, config);
    await assertReissuedOnce(d, /AM04/, config);
  });

  it("C50 a more specific status overrules a less specific one across reports: a group ACTC is undone by a block RJCT, a payment's own ACCP is not, and its own RJCT is", async () => {
    const { messageId, orders } = await releasedFile([610n, 620n]);
    const [e, f] = orders as [Order, Order];
    const outcomes = (answer: Parameters<typeof statusReport>[1]) =>
      applied(statusReport(messageId, answer), config).then((all) =>
        all.map((outcome) => [outcome.endToEndId === e2e(e) ? "e" : "f", outcome.state, outcome.changed]),
      );
    assert.deepEqual(await outcomes({ group: { status: "ACTC" } }), [
      ["e", "accepted", true],
      ["f", "accepted", true],
    ]);
    assert.deepEqual(await outcomes({ payments: [{ endToEndId: e2e(e), status: "ACCP" }] }), [
      ["e", "accepted", false],
    ]);
    assert.deepEqual(await outcomes({ block: { status: "RJCT", reason: "AM04" } }), [
      ["e", "accepted", false],
      ["f", "rejected", true],
    ]);
    assert.deepEqual(await outcomes({ payments: [{ endToEndId: e2e(e), status: "RJCT", reason: "AC04" }] }), [
      ["e", "rejected", true],
    ]);
    assert.deepEqual(await payoutsOf(orders), [
      ["rejected", "AC04", "transaction"],
      ["rejected", "AM04", "paymentInformation"],
    ]);
    await assertReissuedOnce(e, /AC04/, config);
    await assertReissuedOnce(f, /AM04/, config);
  });

  it("C50 a report on a file that is not ours, or on a block the file does not have, is refused with nothing applied", async () => {
    const { messageId, orders } = await releasedFile([710n]);
    const prisma = await db();
    const inbound = () => prisma.bankFile.count({ where: { direction: "inbound" } });
    const before = await inbound();
    const refused = (field: string, pattern: RegExp) => (error: unknown) =>
      error instanceof AppError && error.code === "VALIDATION" && pattern.test(error.fields?.[field] ?? "");
    await assert.rejects(
      importStatus("TR20261126-NOTOURS", { group: { status: "RJCT", reason: "AM04" } }),
      refused("Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgId", /is TR20261126-NOTOURS: no payment file of ours/),
    );
    await assert.rejects(
      importStatus(messageId, { blocks: [{ paymentInformationId: "OTHER-BLOCK", status: "RJCT", reason: "AM04" }] }),
      refused("Document/CstmrPmtStsRpt/OrgnlPmtInfAndSts[1]/OrgnlPmtInfId", /is OTHER-BLOCK, not the block/),
    );
    await assert.rejects(
      importStatus(messageId, {
        blocks: [
          { paymentInformationId: messageId, status: "ACCP" },
          { paymentInformationId: messageId, status: "RJCT" },
        ],
      }),
      refused("Document/CstmrPmtStsRpt/OrgnlPmtInfAndSts[2]/PmtInfSts", /is RJCT, but an earlier/),
    );
    assert.equal(await inbound(), before);
    assert.deepEqual(await payoutsOf(orders), [["released", null, null]]);
  });
});
