import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { entryIdentity } from "./entry-identity.ts";
import { readBankFile } from "./read-bank-file.ts";
import { readStatement } from "./read-statement.ts";
import { generateCamt054, syntheticCredits } from "./testing/generate-camt054.ts";

const COUNT = 10_000;
const ACCOUNT = "DE89370400440532013000";

describe("a camt.054 of 10,000 credits", () => {
  it("C46 reads back to the same entries it was generated from", (context) => {
    const credits = [...syntheticCredits(COUNT)];
    const bytes = generateCamt054({
      messageId: "NTF-LARGE-1",
      createdAt: "2026-11-26T10:00:00",
      accountIban: ACCOUNT,
      credits,
    });

    const started = performance.now();
    const statement = readStatement(readBankFile(bytes));
    const elapsed = performance.now() - started;
    context.diagnostic(`${(bytes.byteLength / 1e6).toFixed(1)} MB read in ${elapsed.toFixed(0)} ms`);

    const entries = statement.reports[0]!.entries;
    assert.equal(entries.length, COUNT);
    entries.forEach((entry, index) => {
      const credit = credits[index]!;
      const [transaction] = entry.transactions;
      assert.deepEqual(
        [
          entry.amount.decimal,
          entry.amount.minor,
          entry.amount.currency,
          entry.status,
          entry.bookingDate,
          entry.problems,
        ],
        // The generator writes two decimals always, so its digits without the point are the minor units.
        [credit.amount, BigInt(credit.amount.replace(".", "")), credit.currency, "BOOK", credit.bookingDate, []],
      );
      assert.deepEqual(
        [
          transaction!.endToEndId,
          transaction!.uetr,
          transaction!.debtorName,
          transaction!.debtorIban,
          transaction!.debtorBic,
          transaction!.creditorIban,
          transaction!.remittance.unstructured,
        ],
        [
          credit.endToEndId,
          credit.uetr,
          credit.debtorName,
          credit.debtorIban,
          credit.debtorBic,
          credit.creditorIban,
          [credit.remittance],
        ],
      );
    });
    const identities = new Set(entries.map((entry) => entryIdentity(ACCOUNT, entry, entry.transactions[0])));
    assert.equal(identities.size, COUNT);
  });
});
