import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readBankFile } from "./read-bank-file.ts";
import { readStatementStream } from "./read-statement-stream.ts";
import { readStatement } from "./read-statement.ts";
import { fixture } from "./testing/fixtures.ts";
import { fileOf, streamedStatement } from "./testing/stream-files.ts";
import { testCamt054, type TestEntry } from "./testing/write-test-entries.ts";

const ACCOUNT = "DE89370400440532013000";
const OUTSIDE = "outside-debit-batch.camt.054.001.08.xml";

/** The one entry of a test file, as the whole-file reader and the stream reader read it (they must agree). */
async function readBoth(entry: TestEntry) {
  const bytes = testCamt054({ messageId: "NTF-AGREE-1", accountIban: ACCOUNT, entries: [entry] });
  const whole = readStatement(readBankFile(bytes));
  const streamed = await streamedStatement(await readStatementStream(fileOf(bytes)));
  assert.deepEqual(streamed, whole);
  return whole.reports[0]!.entries[0]!;
}

const eur = (value: string) => ({ value, currency: "EUR" });

describe("entryContradiction: an entry's transactions agree with it in side, currency and amount (C63)", () => {
  it("C63 the outside parser's debit batch (200000 SEK, three CRDT transactions in CHF) is schema-valid and disagrees, naming both", async () => {
    // readBankFile validates against the official camt.054.001.08 schema before anything is read.
    const whole = readStatement(readBankFile(fixture(OUTSIDE)));
    const streamed = await streamedStatement(await readStatementStream(fileOf(fixture(OUTSIDE))));
    assert.deepEqual(streamed, whole, "the stream reader says what the whole-file reader says");
    const [entry] = whole.reports[0]!.entries;
    assert.equal(entry?.creditDebit, "DBIT");
    assert.equal(entry?.transactions.length, 3);
    const said = entry?.contradiction ?? "";
    assert.match(said, /the entry \(DBIT 200000 SEK\)/);
    assert.match(said, /TxDtls\[1\] CRDT 3\.1 CHF \(side, currency\)/);
    assert.match(said, /TxDtls\[3\] CRDT 3\.2 CHF \(side, currency\)/);
  });

  it("C63 a debit whose one transaction says credit disagrees; one that agrees, or gives no side, does not", async () => {
    const contradicted = await readBoth({
      side: "DBIT",
      amount: "5.10",
      currency: "EUR",
      transactions: [{ side: "CRDT", amount: eur("5.10"), creditorIban: "DE21370400440000001234" }],
    });
    assert.match(contradicted.contradiction ?? "", /the entry \(DBIT 5\.10 EUR\).*TxDtls\[1\] CRDT 5\.10 EUR \(side\)/);
    for (const side of ["DBIT", undefined] as const) {
      const agreed = await readBoth({
        side: "DBIT",
        amount: "5.10",
        currency: "EUR",
        transactions: [{ side, amount: eur("5.1") }],
      });
      assert.equal(agreed.contradiction, undefined);
    }
  });

  it("C63 amounts: one transaction of another amount, a batch that does not add up, Amt against AmtDtls/TxAmt, a batched transaction without one", async () => {
    const single = await readBoth({
      side: "CRDT",
      amount: "10.00",
      currency: "EUR",
      transactions: [{ amount: eur("9.99") }],
    });
    assert.match(single.contradiction ?? "", /add up to 9\.99 EUR/);
    const batch = await readBoth({
      side: "CRDT",
      amount: "10.00",
      currency: "EUR",
      batch: true,
      transactions: [{ amount: eur("4.00") }, { amount: eur("5.00") }],
    });
    assert.match(batch.contradiction ?? "", /add up to 9 EUR/);
    const details = await readBoth({
      side: "CRDT",
      amount: "10.00",
      currency: "EUR",
      transactions: [{ amount: eur("10.00"), detailsAmount: eur("1000.00") }],
    });
    assert.match(details.contradiction ?? "", /Amt 10\.00 EUR against AmtDtls\/TxAmt 1000\.00 EUR/);
    const missing = await readBoth({
      side: "CRDT",
      amount: "10.00",
      currency: "EUR",
      transactions: [{ amount: eur("10.00") }, {}],
    });
    assert.match(missing.contradiction ?? "", /TxDtls\[2\] CRDT without an amount \(no amount of its own in a batch\)/);
    const sums = await readBoth({
      side: "CRDT",
      amount: "10.00",
      currency: "EUR",
      transactions: [{ amount: eur("4.005") }, { amount: eur("5.995") }],
    });
    assert.equal(sums.contradiction, undefined, "added exactly, whatever EUR carries");
    const alone = await readBoth({ side: "CRDT", amount: "10.00", currency: "EUR", transactions: [{}] });
    assert.equal(alone.contradiction, undefined, "one transaction without an amount takes its entry's");
  });

  it("C63 every hand-written fixture of a sound bank agrees with itself", () => {
    for (const name of ["camt.053.001.02.xml", "camt.053.001.04.xml", "camt.053.001.08.xml", "camt.054.001.08.xml"]) {
      for (const report of readStatement(readBankFile(fixture(name))).reports) {
        for (const entry of report.entries)
          assert.equal(entry.contradiction, undefined, `${name} Ntry[${entry.position}]`);
      }
    }
  });
});
