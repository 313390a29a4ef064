import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readBankFile } from "../iso20022/read-bank-file.ts";
import { readPaymentStatus } from "../iso20022/read-payment-status.ts";
import { readStatement } from "../iso20022/read-statement.ts";
import { writeCamt053, writeCamt054, writePain002, type SandboxEntry } from "./sandbox-bank-files.ts";

const account = { iban: "DE02100100100006820101", bic: "TKRLDER0", holder: "Tokenrail Sandbox Safeguarding" };
const createdAt = new Date("2026-11-26T10:15:00.000Z");

const entries: SandboxEntry[] = [
  {
    kind: "credit",
    reference: "SBX-IN-1",
    amountMinor: 12_345n,
    currency: "EUR",
    creditorIban: "IS140159269999000000000012",
    debtor: { name: "Jón & Söhne <GmbH>", iban: "DE89370400440532013000" },
    remittance: "Top-up <order 1> & more",
  },
  {
    kind: "debit",
    reference: "SBX-DBIT-1",
    amountMinor: 5_000n,
    currency: "EUR",
    endToEndId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    creditor: { name: "Anna Payee", iban: "DE89370400440532013000" },
    remittance: "RF18539007547034",
  },
  {
    kind: "return",
    reference: "SBX-RTRN-1",
    amountMinor: 5_000n,
    currency: "EUR",
    originalEndToEndId: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
    reason: "AC04",
    returnedBy: { name: "Anna Payee", iban: "DE89370400440532013000" },
  },
];

describe("the sandbox bank's files", () => {
  it("writes a schema-valid camt.054 the library reads back: credits, debits and returns", () => {
    const bytes = writeCamt054({ messageId: "SBX-054-1", createdAt, account, entries });
    const statement = readStatement(readBankFile(bytes));
    assert.equal(statement.message, "camt.054");
    const [report] = statement.reports;
    assert.equal(report?.accountIban, account.iban);
    const [credit, debit, back] = report.entries;
    assert.equal(credit?.creditDebit, "CRDT");
    assert.equal(credit?.amount.minor, 12_345n);
    assert.equal(credit?.status, "BOOK");
    assert.equal(credit?.bookingDate, "2026-11-26");
    assert.equal(credit?.accountServicerReference, "SBX-IN-1");
    assert.equal(credit?.transactions[0]?.creditorIban, "IS140159269999000000000012");
    assert.equal(credit?.transactions[0]?.debtorName, "Jón & Söhne <GmbH>");
    assert.deepEqual(credit?.transactions[0]?.remittance.unstructured, ["Top-up <order 1> & more"]);
    assert.equal(debit?.creditDebit, "DBIT");
    assert.equal(debit?.transactions[0]?.endToEndId, "0f1e2d3c4b5a69788796a5b4c3d2e1f0");
    assert.equal(back?.creditDebit, "CRDT");
    assert.equal(back?.transactions[0]?.returnReason, "AC04");
    assert.equal(back?.transactions[0]?.endToEndId, "0f1e2d3c4b5a69788796a5b4c3d2e1f0");
    assert.deepEqual(back?.bankTransactionCode, {
      domain: "PMNT",
      family: "ICDT",
      subFamily: "RRTN",
      proprietary: undefined,
    });
  });

  it("writes a camt.053 day statement with opening and closing balances", () => {
    const bytes = writeCamt053({
      messageId: "SBX-053-2026-11-26",
      createdAt,
      date: "2026-11-26",
      account,
      openingMinor: 100n,
      entries,
    });
    const [report] = readStatement(readBankFile(bytes)).reports;
    assert.equal(report?.openingBalance?.amount.minor, 100n);
    assert.equal(report?.closingBalance?.amount.minor, 100n + 12_345n - 5_000n + 5_000n);
    assert.equal(report?.closingBalance?.creditDebit, "CRDT");
    assert.equal(report?.entries.length, 3);
  });

  it("writes a pain.002 with the group's and each payment's status and reason", () => {
    const bytes = writePain002({
      messageId: "SBX-002-1",
      createdAt,
      original: { messageId: "PAY-1", messageName: "pain.001.001.09", paymentInformationId: "PAY-1" },
      groupStatus: "PART",
      bankName: "Tokenrail Sandbox Bank",
      transactions: [
        { endToEndId: "E2E1", status: "ACCP" },
        { endToEndId: "E2E2", instructionId: "I2", status: "RJCT", reason: "AC04", information: "Account closed" },
      ],
    });
    const report = readPaymentStatus(readBankFile(bytes));
    assert.equal(report.originalMessageId, "PAY-1");
    assert.equal(report.originalMessageName, "pain.001.001.09");
    assert.equal(report.groupStatus, "PART");
    assert.deepEqual(
      report.transactions.map((t) => [t.originalEndToEndId, t.status, t.reason]),
      [
        ["E2E1", "ACCP", undefined],
        ["E2E2", "RJCT", "AC04"],
      ],
    );
    assert.deepEqual(report.transactions[1]?.additionalInformation, ["Account closed"]);
  });

  it("throws rather than send a file no bank could (a reference over 35 characters)", () => {
    assert.throws(
      () =>
        writeCamt054({
          messageId: "SBX-054-2",
          createdAt,
          account,
          entries: [{ ...(entries[0] as SandboxEntry), reference: "R".repeat(36) }],
        }),
      /not schema-valid/,
    );
  });
});
