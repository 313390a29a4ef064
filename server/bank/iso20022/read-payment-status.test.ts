import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../../errors.ts";
import { readBankFile } from "./read-bank-file.ts";
import { readPaymentStatus } from "./read-payment-status.ts";
import { fixture, spoiledFixture } from "./testing/fixtures.ts";

describe("readPaymentStatus", () => {
  it("reads the answer to our payout file: the group status and each payment's status and reason", () => {
    assert.deepEqual(readPaymentStatus(readBankFile(fixture("pain.002.001.11.xml"))), {
      messageId: "STS-20261126-0001",
      createdAt: "2026-11-26T11:02:00+01:00",
      originalMessageId: "PAYOUTS-20261126-1",
      originalMessageName: "pain.001.001.09",
      groupStatus: "PART",
      groupReason: undefined,
      transactions: [
        {
          originalEndToEndId: "ORD-01J9Z3K5A1",
          originalInstructionId: "PAYOUT-1",
          originalUetr: undefined,
          status: "ACCP",
          reason: undefined,
          additionalInformation: [],
        },
        {
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
