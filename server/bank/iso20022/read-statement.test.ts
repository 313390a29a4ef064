import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../../errors.ts";
import { readBankFile } from "./read-bank-file.ts";
import { readStatement } from "./read-statement.ts";
import { type EntryTransaction, type StatementEntry } from "./statement.ts";
import { fixture, spoiledFixture } from "./testing/fixtures.ts";

const statementOf = (bytes: Uint8Array) => readStatement(readBankFile(bytes));

/** The fields a test names, without the optional ones a reader left `undefined`. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

describe("readStatement: camt.054.001.08", () => {
  const statement = statementOf(fixture("camt.054.001.08.xml"));
  const [report] = statement.reports;
  const entries = report!.entries;

  it("reads the group header and the account", () => {
    assert.equal(statement.message, "camt.054");
    assert.equal(statement.version, "08");
    assert.equal(statement.messageId, "NTF-20261126-0001");
    assert.equal(statement.createdAt, "2026-11-26T10:15:00+01:00");
    assert.equal(statement.accountIban, "DE89370400440532013000");
    assert.equal(report!.kind, "notification");
    assert.equal(report!.id, "NTF-20261126-0001-1");
    assert.equal(report!.accountCurrency, "EUR");
    assert.equal(entries.length, 4);
  });

  it("reads a SEPA credit to a virtual IBAN with every reference", () => {
    const entry = entries[0]!;
    assert.deepEqual(defined<StatementEntry>({ ...entry, transactions: [] }), {
      position: 1,
      line: 20,
      entryReference: "1",
      amount: { decimal: "250.00", currency: "EUR", minor: 25000n },
      creditDebit: "CRDT",
      status: "BOOK",
      bookingDate: "2026-11-26",
      valueDate: "2026-11-26",
      accountServicerReference: "2026112600012345",
      reversal: false,
      bankTransactionCode: { domain: "PMNT", family: "RCDT", subFamily: "ESCT", proprietary: undefined },
      transactions: [],
      problems: [],
    });
    assert.deepEqual(defined<EntryTransaction>(entry.transactions[0]!), {
      accountServicerReference: "2026112600012345",
      endToEndId: "INV-2026-0042",
      transactionId: "TX-889900",
      instructionId: "INSTR-77",
      uetr: "3f2b9c1e-8d4a-4c6b-9e1f-2a7d5c8b0e41",
      amount: { decimal: "250.00", currency: "EUR", minor: 25000n },
      creditDebit: "CRDT",
      creditorIban: "DE21370400440000001234",
      creditorName: "Tokenrail Customer Funds",
      debtorName: "Anna Müller",
      debtorIban: "FR1420041010050500013M02606",
      debtorBic: "BNPAFRPPXXX",
      remittance: {
        unstructured: ["Top-up wallet 0x52908400098527886E0F7030069857D2E4169EE7"],
        creditorReferences: [],
      },
    });
  });

  it("reads an entry batching two credits, one with a structured RF reference", () => {
    const [first, second] = entries[1]!.transactions;
    assert.equal(entries[1]!.amount.minor, 100050n);
    assert.equal(first!.amount?.minor, 100000n);
    assert.deepEqual(first!.remittance, { unstructured: [], creditorReferences: ["RF18539007547034"] });
    assert.equal(first!.endToEndId, "NOTPROVIDED");
    assert.equal(second!.amount?.minor, 50n);
    assert.equal(second!.debtorName, undefined);
    assert.equal(second!.debtorIban, "AT611904300234573201");
  });

  it("reads a pending credit without a booking date", () => {
    assert.equal(entries[2]!.status, "PDNG");
    assert.equal(entries[2]!.bookingDate, undefined);
    assert.equal(entries[2]!.valueDate, "2026-11-27");
    assert.deepEqual(entries[2]!.transactions, []);
  });

  it("reads a returned payout with its return reason and bank transaction code", () => {
    const entry = entries[3]!;
    assert.deepEqual(defined(entry.bankTransactionCode!), { domain: "PMNT", family: "ICDT", subFamily: "RRTN" });
    assert.equal(entry.transactions[0]!.returnReason, "AC04");
    assert.equal(entry.transactions[0]!.endToEndId, "ORD-01J9Z3K5V8");
    assert.equal(entry.transactions[0]!.instructionId, "PAYOUT-7");
  });
});

describe("readStatement: older versions read into the same shape", () => {
  it("camt.054.001.04: status as text, debtor name without Pty, BICFI", () => {
    const [credit, returned] = statementOf(fixture("camt.054.001.04.xml")).reports[0]!.entries;
    assert.equal(credit!.status, "BOOK");
    assert.equal(credit!.transactions[0]!.debtorName, "José García");
    assert.equal(credit!.transactions[0]!.debtorBic, "CAIXESBBXXX");
    assert.equal(credit!.transactions[0]!.transactionId, "SCT-20261126-55");
    assert.equal(credit!.transactions[0]!.uetr, undefined);
    assert.deepEqual(defined(returned!.bankTransactionCode!), { domain: "PMNT", family: "RRCT", subFamily: "ESCT" });
    assert.equal(returned!.transactions[0]!.returnReason, "MD07");
  });

  it("camt.054.001.02: the transaction amount under AmtDtls/TxAmt, BIC, two remittance lines, a proprietary code", () => {
    const [credit] = statementOf(fixture("camt.054.001.02.xml")).reports[0]!.entries;
    const [transaction] = credit!.transactions;
    assert.equal(credit!.status, "BOOK");
    assert.equal(credit!.bankTransactionCode?.proprietary, "NTRF+166");
    assert.deepEqual(transaction!.amount, { decimal: "19.99", currency: "EUR", minor: 1999n });
    assert.equal(transaction!.creditDebit, undefined);
    assert.equal(transaction!.debtorName, "Piotr Nowak");
    assert.equal(transaction!.debtorBic, "WBKPPLPP");
    assert.equal(transaction!.creditorIban, "DE22370400440000005678");
    assert.deepEqual(transaction!.remittance.unstructured, ["Tokenrail", "second line"]);
  });

  it("camt.052.001.08: an intraday report with a booking date-time", () => {
    const statement = statementOf(fixture("camt.052.001.08.xml"));
    assert.equal(statement.reports[0]!.kind, "report");
    assert.equal(statement.reports[0]!.entries[0]!.bookingDate, "2026-11-26T10:14:03+01:00");
  });
});

describe("readStatement: camt.053 balances", () => {
  it("camt.053.001.08: opening and closing booked balances, a debited payout batch", () => {
    const statement = statementOf(fixture("camt.053.001.08.xml"));
    const report = statement.reports[0]!;
    assert.equal(report.kind, "statement");
    assert.deepEqual(report.openingBalance, {
      type: "OPBD",
      amount: { decimal: "10000.00", currency: "EUR", minor: 1000000n },
      creditDebit: "CRDT",
      date: "2026-11-26",
    });
    assert.deepEqual(report.closingBalance?.amount.minor, 975000n);
    const debit = report.entries[1]!;
    assert.equal(debit.creditDebit, "DBIT");
    assert.deepEqual(
      debit.transactions.map((transaction) => [transaction.endToEndId, transaction.amount?.minor]),
      [
        ["ORD-01J9Z3K5A1", 20000n],
        ["ORD-01J9Z3K5A2", 30000n],
      ],
    );
  });

  it("camt.053.001.02 and .04: the previous closing balance stands in for the opening one", () => {
    for (const file of ["camt.053.001.02.xml", "camt.053.001.04.xml"]) {
      const report = statementOf(fixture(file)).reports[0]!;
      assert.equal(report.openingBalance?.type, "PRCD", file);
      assert.equal(report.openingBalance?.amount.minor, 0n, file);
      assert.equal(report.closingBalance?.type, "CLBD", file);
      assert.equal(report.closingBalance?.amount.minor, report.entries[0]!.amount.minor, file);
    }
  });
});

describe("readStatement: problems of one entry do not refuse the file", () => {
  it("reports an amount with more decimals than EUR carries on its entry and reads the rest (C46)", () => {
    const spoiled = spoiledFixture("camt.054.001.08.xml", '<Amt Ccy="EUR">0.50</Amt>', '<Amt Ccy="EUR">0.505</Amt>');
    const entries = statementOf(spoiled).reports[0]!.entries;
    assert.deepEqual(entries[1]!.problems, [
      "Ntry[2]/TxDtls[2]/Amt: 0.505 EUR has more decimals than EUR carries (2); it is not rounded",
    ]);
    assert.equal(entries[1]!.transactions[1]!.amount?.minor, null);
    assert.deepEqual(
      entries.filter((entry) => entry.position !== 2).map((entry) => entry.problems),
      [[], [], []],
    );
  });

  it("a pain.002 is not a statement", () => {
    assert.throws(
      () => readStatement(readBankFile(fixture("pain.002.001.11.xml"))),
      (error) => error instanceof AppError && error.code === "VALIDATION",
    );
  });
});
