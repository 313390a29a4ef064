import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { tearDownDrivers } from "../../testing/tear-down-drivers.ts";
import { generateCamt053 } from "../iso20022/testing/generate-camt053.ts";
import { fixture } from "../iso20022/testing/fixtures.ts";
import { importBankFile, type ImportReport } from "./import-bank-file.ts";
import {
  camt054,
  credit,
  FIXTURE_MASTER_IBAN,
  importConfig,
  randomIban,
  seedHolder,
} from "./testing/bank-import-fixtures.ts";
import { releasedPayouts } from "./testing/import-test-helpers.ts";

await setUpTestInstance("bank_import_statements");

const config = importConfig();

function importBytes(bytes: Uint8Array): Promise<ImportReport> {
  return importBankFile({ content: { bytes }, name: "test.xml", source: "upload", config, driveChain: false });
}

/** A fixture with each replacement applied (message ids, end-to-end ids), as another file of the same bank. */
function variant(name: string, replacements: [string, string][]): Uint8Array {
  let text = new TextDecoder().decode(fixture(name));
  for (const [from, to] of replacements) {
    assert.ok(text.includes(from), `${from} is not in ${name}`);
    text = text.replaceAll(from, to);
  }
  return new TextEncoder().encode(text);
}

describe("issue 24: statements, payouts and status reports through the importer", () => {
  after(tearDownDrivers);

  it("C47 C50 C51 a day: notifications mint, the pain.002 and the day's camt.053 settle our payouts, the credit in both files mints once", async () => {
    const prisma = await db();
    await seedHolder({ iban: "DE21370400440000001234" });
    await seedHolder({ iban: "DE22370400440000005678" });
    await releasedPayouts(
      [
        { endToEndId: "ORD-01J9Z3K5A1", amountMinor: 20_000n },
        { endToEndId: "ORD-01J9Z3K5A2", amountMinor: 30_000n },
      ],
      "PAYOUTS-20261126-1",
    );

    const notified = await importBytes(fixture("camt.054.001.08.xml"));
    assert.deepEqual(
      notified.entries.map((entry) => entry.result),
      ["minted", "minted", "minted", "ignored", "unmatched"],
    );
    assert.match(notified.entries[4]!.problem!, /ORD-01J9Z3K5V8 is not one of our payouts/);
    assert.deepEqual(
      notified.entries.slice(0, 3).map((entry) => [entry.amount, entry.currency]),
      [
        ["250.00", "EUR"],
        ["1000.00", "EUR"],
        ["0.50", "EUR"],
      ],
    );

    const status = await importBytes(fixture("pain.002.001.11.xml"));
    assert.deepEqual(
      status.entries.map((entry) => [entry.result, entry.identity, entry.problem]),
      [
        ["payout_status", "e2e:ORD-01J9Z3K5A1", "ACCP: the payout is accepted"],
        ["payout_status", "e2e:ORD-01J9Z3K5A2", "RJCT AC01: the payout is rejected"],
      ],
    );

    const stated = await importBytes(fixture("camt.053.001.08.xml"));
    assert.equal(stated.entries[0]!.result, "already_imported", "the credit notified earlier");
    assert.equal(stated.entries[0]!.orderId, notified.entries[0]!.orderId);
    assert.deepEqual(
      stated.entries.slice(1).map((entry) => entry.result),
      ["payout_debit", "payout_debit"],
    );
    assert.match(stated.entries[2]!.problem ?? "", /the bank says debited, but the payout is rejected/);
    const accepted = await prisma.payout.findUniqueOrThrow({ where: { endToEndId: "ORD-01J9Z3K5A1" } });
    assert.equal(accepted.state, "debited");
    assert.equal(stated.entries[1]!.payoutId, accepted.id);
    assert.equal(await prisma.order.count({ where: { kind: "issue" } }), 3, "the 250.00 was minted once");

    const day = await prisma.safeguardingDay.findFirstOrThrow({ where: { accountIban: FIXTURE_MASTER_IBAN } });
    assert.equal(day.closingMinor, 975_000n);
    assert.equal(day.fileId, stated.file.id);
    assert.equal(day.date.toISOString().slice(0, 10), "2026-11-26");
  });

  it("C47 every version: a credit notified in a camt.054 .02 or .04 is found again in the camt.053 and camt.052", async () => {
    // The holders of DE21…1234 and DE22…5678 were seeded by the first test; its 250.00 credit is minted.
    const results = async (name: string) => {
      const report = await importBytes(fixture(name));
      return report.entries.map((entry) => [entry.result, entry.orderId ?? entry.problem]);
    };
    const v02 = await results("camt.054.001.02.xml");
    assert.equal(v02[0]![0], "minted");
    assert.deepEqual(await results("camt.053.001.02.xml"), [["already_imported", v02[0]![1]]]);
    const v04 = await results("camt.054.001.04.xml");
    assert.equal(v04[0]![0], "minted");
    assert.equal(v04[1]![0], "unmatched", "a return (RRCT) that is not one of our payouts");
    assert.deepEqual(await results("camt.053.001.04.xml"), [["already_imported", v04[0]![1]]]);
    const intraday = await results("camt.052.001.08.xml");
    assert.deepEqual(
      intraday.map(([result]) => result),
      ["already_imported"],
    );
  });

  it("C47 a credit whose reference the day's statement gives on the entry only is the notified credit", async () => {
    const prisma = await db();
    const holder = await seedHolder();
    const paid = credit(holder.iban, "33.00");
    const notified = await importBytes(camt054([paid]));
    const statement = generateCamt053({
      messageId: `STM-${randomUUID().slice(0, 20)}`,
      createdAt: "2026-11-26T22:00:00+01:00",
      accountIban: FIXTURE_MASTER_IBAN,
      date: "2026-11-26",
      openingMinor: 0n,
      closingMinor: 3_300n,
      credits: [paid],
      referenceOnEntryOnly: true,
    });
    const before = await prisma.order.count();
    const stated = await importBytes(statement);
    assert.deepEqual(stated.counts, { already_imported: 1 });
    assert.equal(stated.entries[0]!.orderId, notified.entries[0]!.orderId);
    assert.equal(await prisma.order.count(), before);
  });

  it("C50 a returned credit of ours comes back as a payout return; its debit was booked before", async () => {
    const prisma = await db();
    const exception = await importBytes(camt054([credit(randomIban(), "120.00")]));
    const entryId = (await prisma.bankEntry.findFirstOrThrow({ where: { fileId: exception.file.id } })).id;
    // The operator returned it to its sender (as the payments side records a return): the payout is released.
    await prisma.bankEntry.update({ where: { id: entryId }, data: { outcome: "returned" } });
    await releasedPayouts([{ endToEndId: "RET-TEST-1", amountMinor: 12_000n }], "RETURNS-1");
    await prisma.payout.update({ where: { endToEndId: "RET-TEST-1" }, data: { bankEntryId: entryId } });
    const debit = variant("camt.053.001.08.xml", [
      ["STM-20261126", "STM-RET-1"],
      ["2026112600012345", "RET-CREDIT-REF"],
      ["2026112600019001", "RET-DEBIT-REF"],
      ["ORD-01J9Z3K5A1", "RET-TEST-1"],
      ['<Amt Ccy="EUR">200.00</Amt>', '<Amt Ccy="EUR">120.00</Amt>'],
      // The batch's entry is the sum of its transactions (C63): 120.00 + 300.00.
      ['<Amt Ccy="EUR">500.00</Amt>', '<Amt Ccy="EUR">420.00</Amt>'],
    ]);
    const debited = await importBytes(debit);
    assert.equal(debited.entries[1]!.result, "payout_debit");
    assert.equal((await prisma.payout.findUniqueOrThrow({ where: { endToEndId: "RET-TEST-1" } })).state, "debited");

    const returned = await importBytes(
      variant("camt.054.001.08.xml", [
        ["NTF-20261126-0001", "NTF-RET-1"],
        ["ORD-01J9Z3K5V8", "RET-TEST-1"],
        ["2026112600012399", "RET-RETURN-REF"],
      ]),
    );
    const line = returned.entries[4]!;
    assert.equal(line.result, "payout_return");
    const payout = await prisma.payout.findUniqueOrThrow({ where: { endToEndId: "RET-TEST-1" } });
    assert.equal(line.payoutId, payout.id);
    assert.equal(payout.state, "returned");
    assert.equal(payout.reasonCode, "AC04");
    const entry = await prisma.bankEntry.findFirstOrThrow({ where: { payoutId: payout.id, outcome: "payout_return" } });
    assert.equal(entry.returnReason, "AC04");
  });
});
