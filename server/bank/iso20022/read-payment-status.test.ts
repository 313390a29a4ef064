import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../../errors.ts";
import { readBankFile } from "./read-bank-file.ts";
import { readPaymentStatus } from "./read-payment-status.ts";
import { fixture, spoiledFixture } from "./testing/fixtures.ts";
import { generatePain002 } from "./testing/generate-pain002.ts";

const CREATED = "2026-11-26T11:02:00+01:00";

describe("readPaymentStatus", () => {
  it("reads the answer to our payout file: the group status and each payment's status and reason", () => {
    assert.deepEqual(readPaymentStatus(readBankFile(fixture("pain.002.001.11.xml"))), {
      messageId: "STS-20261126-0001",
      createdAt: "2026-11-26T11:02:00+01:00",
      originalMessageId: "PAYOUTS-20261126-1",
      originalMessageName: "pain.001.001.09",
      groupStatus: "PART",
      groupReason: undefined,
      paymentInformation: [
        {
          originalPaymentInformationId: "PAYOUTS-20261126-1",
          status: undefined,
          reason: undefined,
          additionalInformation: [],
          transactionCount: 2,
        },
      ],
      transactions: [
        {
          originalPaymentInformationId: "PAYOUTS-20261126-1",
          originalEndToEndId: "ORD-01J9Z3K5A1",
          originalInstructionId: "PAYOUT-1",
          originalUetr: undefined,
          status: "ACCP",
          reason: undefined,
          additionalInformation: [],
        },
        {
          originalPaymentInformationId: "PAYOUTS-20261126-1",
          originalEndToEndId: "ORD-01J9Z3K5A2",
          originalInstructionId: "PAYOUT-2",
          originalUetr: undefined,
          status: "RJCT",
          reason: "AC01",
          additionalInformation: ["IBAN checksum invalid"],
        },
      ],
    });
  });

  it("reads a whole file rejected at group level, with its reason and no transactions", () => {
    const rejected = spoiledFixture(
      "pain.002.001.11.xml",
      /<GrpSts>PART<\/GrpSts>\s*<\/OrgnlGrpInfAndSts>[\s\S]*<\/OrgnlPmtInfAndSts>/,
      "<GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>FF01</Cd></Rsn></StsRsnInf></OrgnlGrpInfAndSts>",
    );
    const report = readPaymentStatus(readBankFile(rejected));
    assert.equal(report.groupStatus, "RJCT");
    assert.equal(report.groupReason, "FF01");
    assert.deepEqual(report.transactions, []);
    assert.deepEqual(report.paymentInformation, []);
  });

  it("C50 reads a payment information block rejected as a whole (PmtInfSts RJCT, AM04) with no payment listed", () => {
    const report = readPaymentStatus(readBankFile(fixture("pain.002.001.11-block-rejected.xml")));
    assert.equal(report.originalMessageId, "PAYOUTS-20261126-2");
    assert.equal(report.groupStatus, undefined);
    // The first reason with a code gives the reason; every line of additional information is kept.
    assert.deepEqual(report.paymentInformation, [
      {
        originalPaymentInformationId: "PAYOUTS-20261126-2",
        status: "RJCT",
        reason: "AM04",
        additionalInformation: ["Booking of the collective order refused", "Insufficient funds"],
        transactionCount: 0,
      },
    ]);
    assert.deepEqual(report.transactions, []);
  });

  it("C50 reads every level of a generated report: the group, each block with its own status, each payment under its block", () => {
    const bytes = generatePain002({
      messageId: "STS-LEVELS-1",
      createdAt: CREATED,
      original: { messageId: "TR20261126-1" },
      group: { status: "PART", information: "see the blocks" },
      blocks: [
        {
          paymentInformationId: "TR20261126-1",
          status: "PART",
          transactions: [
            { endToEndId: "E2E-1", status: "ACSP" },
            { endToEndId: "E2E-2", reason: "AC01" },
          ],
        },
        { paymentInformationId: "TR20261126-1", status: "PART", reason: "FF01" },
        {
          paymentInformationId: "TR20261126-9",
          status: "RJCT",
          reason: "AM04",
          transactions: [{ endToEndId: "E2E-3", status: "PDNG", information: "waiting" }],
        },
      ],
    });
    const report = readPaymentStatus(readBankFile(bytes));
    assert.deepEqual([report.groupStatus, report.groupReason], ["PART", undefined]);
    assert.deepEqual(
      report.paymentInformation.map((block) => [
        block.originalPaymentInformationId,
        block.status,
        block.reason,
        block.transactionCount,
      ]),
      [
        ["TR20261126-1", "PART", undefined, 2],
        ["TR20261126-1", "PART", "FF01", 0],
        ["TR20261126-9", "RJCT", "AM04", 1],
      ],
    );
    assert.deepEqual(
      report.transactions.map((transaction) => [
        transaction.originalPaymentInformationId,
        transaction.originalEndToEndId,
        transaction.status,
        transaction.reason,
        transaction.additionalInformation,
      ]),
      [
        ["TR20261126-1", "E2E-1", "ACSP", undefined, []],
        ["TR20261126-1", "E2E-2", undefined, "AC01", []],
        ["TR20261126-9", "E2E-3", "PDNG", undefined, ["waiting"]],
      ],
    );
  });

  it("the pain.002 test generator refuses to write a file the official schema refuses", () => {
    assert.throws(
      () =>
        generatePain002({
          messageId: "STS-BAD-1",
          createdAt: CREATED,
          original: { messageId: "TR20261126-1" },
          group: { status: "REJECTED" },
        }),
      /not schema-valid/,
    );
  });

  it("C46 a pain.002 missing its original message id is refused before it is read", () => {
    const spoiled = spoiledFixture("pain.002.001.11.xml", "<OrgnlMsgId>PAYOUTS-20261126-1</OrgnlMsgId>", "");
    assert.throws(
      () => readBankFile(spoiled),
      (error) =>
        error instanceof AppError &&
        /Expected is \( OrgnlMsgId \)/.test(
          error.fields?.["Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgNmId"] ?? "",
        ),
    );
  });

  it("a camt.054 is not a status report", () => {
    assert.throws(() => readPaymentStatus(readBankFile(fixture("camt.054.001.08.xml"))), AppError);
  });
});
