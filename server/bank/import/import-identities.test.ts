import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { tearDownDrivers } from "../../testing/tear-down-drivers.ts";
import { legacyEntryIdentity } from "../iso20022/legacy-entry-identity.ts";
import { readBankFile } from "../iso20022/read-bank-file.ts";
import { readStatement } from "../iso20022/read-statement.ts";
import { testCamt054, type TestEntry } from "../iso20022/testing/write-test-entries.ts";
import { importBankFile, type ImportReport } from "./import-bank-file.ts";
import { FIXTURE_MASTER_IBAN, importConfig, seedHolder } from "./testing/bank-import-fixtures.ts";
import { randomGenerator } from "./testing/import-test-helpers.ts";

await setUpTestInstance("bank_import_identities");

const config = importConfig();
const PAYER = "FR1420041010050500013M02606";

function fileOf(entries: TestEntry[]): Uint8Array {
  const messageId = `NTF-${randomBytes(10).toString("hex")}`;
  return testCamt054({ messageId, accountIban: FIXTURE_MASTER_IBAN, entries });
}

function importEntries(entries: TestEntry[]): Promise<ImportReport> {
  const bytes = fileOf(entries);
  return importBankFile({ content: { bytes }, name: "test.xml", source: "upload", config, driveChain: false });
}

/** A booked SEPA credit entry of one transaction; the bank's reference only where given (on the transaction). */
function creditTo(
  iban: string,
  amount: string,
  options: { reference?: string; entryReference?: string; currency?: string; side?: "CRDT" | "DBIT" } = {},
): TestEntry {
  const currency = options.currency ?? "EUR";
  const side = options.side ?? "CRDT";
  return {
    side,
    amount,
    currency,
    ...(options.entryReference !== undefined ? { reference: options.entryReference } : {}),
    transactions: [
      {
        side,
        amount: { value: amount, currency },
        ...(options.reference !== undefined ? { reference: options.reference } : {}),
        endToEndId: "NOTPROVIDED",
        debtorName: "Anna Müller",
        debtorIban: PAYER,
        creditorIban: iban,
        remittance: "Invoice 12",
      },
    ],
  };
}

async function ordersOf(profileId: string) {
  const prisma = await db();
  return prisma.order.findMany({ where: { profileId }, select: { amountMinor: true } });
}

describe("C47: an identity counts a credit once, and only that credit", () => {
  after(tearDownDrivers);

  it("C47 two credits without a bank reference from one payer, one day, amount and text, to two customers' IBANs mint to each", async () => {
    const [a, b, c] = await Promise.all([seedHolder(), seedHolder(), seedHolder()]);
    // A third customer's older credit that agrees with both on everything but the account credited.
    const older = await importEntries([creditTo(c.iban, "29.00")]);
    assert.deepEqual(older.counts, { minted: 1 });
    const report = await importEntries([creditTo(a.iban, "29.00"), creditTo(b.iban, "29.00")]);
    assert.deepEqual(report.counts, { minted: 2 });
    assert.notEqual(report.entries[0]!.orderId, older.entries[0]!.orderId);
    assert.deepEqual(await ordersOf(a.profileId), [{ amountMinor: 2900n }]);
    assert.deepEqual(await ordersOf(b.profileId), [{ amountMinor: 2900n }]);
    assert.deepEqual(await ordersOf(c.profileId), [{ amountMinor: 2900n }]);
  });

  it("C47 a line whose identity was recorded with another IBAN, amount, currency or side is an exception, never already imported, and found again as itself", async () => {
    const prisma = await db();
    const [a, b] = await Promise.all([seedHolder(), seedHolder()]);
    const reference = `REF${randomBytes(6).toString("hex").toUpperCase()}`;
    const first = await importEntries([creditTo(a.iban, "10.00", { reference })]);
    assert.deepEqual(first.counts, { minted: 1 });
    const others = [
      creditTo(b.iban, "10.00", { reference }),
      creditTo(a.iban, "11.00", { reference }),
      creditTo(a.iban, "10.00", { reference, currency: "USD" }),
      creditTo(a.iban, "10.00", { reference, side: "DBIT" }),
    ];
    const second = await importEntries(others);
    assert.deepEqual(second.counts, { unmatched: 4 });
    const [endA, endB] = [`the IBAN ending ${a.iban.slice(-4)}`, `the IBAN ending ${b.iban.slice(-4)}`];
    const recorded = `its identity ref:${FIXTURE_MASTER_IBAN}:${reference} was recorded before for CRDT 10.00 EUR to ${endA}`;
    assert.ok(second.entries[0]!.problem!.includes(`${recorded}, and this line is CRDT 10.00 EUR to ${endB}`));
    assert.ok(second.entries[1]!.problem!.includes(`this line is CRDT 11.00 EUR to ${endA}`));
    assert.ok(second.entries[2]!.problem!.includes(`this line is CRDT 10.00 USD to ${endA}`));
    assert.ok(second.entries[3]!.problem!.includes(`this line is DBIT 10.00 EUR to ${endA}`));
    // The whole IBANs are the entries' own, sealed; the words stored beside them do not repeat them (C70).
    for (const line of second.entries) assert.equal(line.problem!.includes(a.iban), false);
    for (const line of second.entries) assert.equal(line.orderId, undefined);
    assert.deepEqual(await ordersOf(b.profileId), []);
    assert.deepEqual(await ordersOf(a.profileId), [{ amountMinor: 1000n }]);
    // The day's statement reports all five again: each is found as what it was recorded as, nothing new.
    const before = await prisma.bankEntry.count();
    const day = await importEntries([creditTo(a.iban, "10.00", { reference }), ...others]);
    assert.deepEqual(day.counts, { already_imported: 5 });
    assert.equal(day.entries[0]!.orderId, first.entries[0]!.orderId);
    assert.deepEqual(
      day.entries.slice(1).map((line) => line.identity),
      second.entries.map((line) => line.identity),
    );
    assert.equal(await prisma.bankEntry.count(), before);
  });

  it("C47 the same AcctSvcrRef plain and padded with blanks mints once", async () => {
    const holder = await seedHolder();
    const reference = `ACSR${randomBytes(5).toString("hex").toUpperCase()}`;
    const plain = await importEntries([creditTo(holder.iban, "29.00", { reference, entryReference: reference })]);
    const padded = `   ${reference}      `;
    const again = await importEntries([creditTo(holder.iban, "29.00", { reference: padded, entryReference: padded })]);
    assert.deepEqual(plain.counts, { minted: 1 });
    assert.deepEqual(again.counts, { already_imported: 1 });
    assert.equal(again.entries[0]!.orderId, plain.entries[0]!.orderId);
    assert.deepEqual(await ordersOf(holder.profileId), [{ amountMinor: 2900n }]);
  });

  it("C47 random spellings of a credit's reference (padding, inner blank runs, case) mint it once (seeded)", async () => {
    const seed = Number(process.env.C47_SEED ?? 4701);
    const random = randomGenerator(seed);
    const holder = await seedHolder();
    const blanks = [" ", "  ", "\t", "\n", " \t "];
    const respell = (reference: string): string => {
      const pad = () => Array.from({ length: random.int(3) }, () => random.pick(blanks)).join("");
      const inner = [...reference]
        .map((char) => (char === " " ? ` ${pad()}` : random.int(2) ? char.toLowerCase() : char))
        .join("");
      const spelt = `${pad()}${inner}${pad()}`;
      // AcctSvcrRef is at most 35 characters: spell it again rather than cut it.
      return spelt.length <= 35 ? spelt : respell(reference);
    };
    const credits = Array.from({ length: 12 }, (_, n) => ({
      reference: `RF${n} ${randomBytes(3).toString("hex").toUpperCase()} ${random.int(1000)}`,
      amount: `${1 + random.int(500)}.${String(random.int(100)).padStart(2, "0")}`,
    }));
    let minted = 0;
    for (let file = 0; file < 4; file++) {
      const entries = credits.map(({ reference, amount }) => {
        const spelt = respell(reference);
        // On the transaction, on the entry, or on both, as banks do.
        const where = random.int(3);
        return creditTo(holder.iban, amount, {
          ...(where !== 1 ? { reference: spelt } : {}),
          ...(where !== 0 ? { entryReference: respell(reference) } : {}),
        });
      });
      const report = await importEntries(entries);
      minted += report.counts.minted ?? 0;
      assert.equal((report.counts.minted ?? 0) + (report.counts.already_imported ?? 0), credits.length, `seed ${seed}`);
    }
    assert.equal(minted, credits.length, `seed ${seed}: each credit minted once`);
    assert.equal((await ordersOf(holder.profileId)).length, credits.length, `seed ${seed}`);
  });

  it("C47 a credit recorded under its key from before references were normalised is found again, not minted twice", async () => {
    const prisma = await db();
    const holder = await seedHolder();
    const lower = ` acsr${randomBytes(5).toString("hex")} `;
    const withReference = creditTo(holder.iban, "17.00", { reference: lower });
    const withoutReference = creditTo(holder.iban, "18.00");
    const bytes = fileOf([withReference, withoutReference]);
    const first = await importBankFile({
      content: { bytes },
      name: "old.xml",
      source: "upload",
      config,
      driveChain: false,
    });
    assert.deepEqual(first.counts, { minted: 2 });
    // As the importer recorded them before the upgrade: under the keys of the time.
    const [entryWith, entryWithout] = readStatement(readBankFile(bytes)).reports[0]!.entries;
    for (const [line, entry] of [
      [first.entries[0]!, entryWith!],
      [first.entries[1]!, entryWithout!],
    ] as const) {
      const old = legacyEntryIdentity(FIXTURE_MASTER_IBAN, entry, entry.transactions[0]);
      assert.notEqual(old, line.identity);
      await prisma.bankEntry.update({ where: { identity: line.identity }, data: { identity: old } });
      await prisma.incomingPayment.update({ where: { bankReference: line.identity }, data: { bankReference: old } });
    }
    const again = await importEntries([withReference, withoutReference]);
    assert.deepEqual(again.counts, { already_imported: 2 });
    assert.deepEqual(
      again.entries.map((line) => line.orderId),
      first.entries.map((line) => line.orderId),
    );
    assert.equal((await ordersOf(holder.profileId)).length, 2);
  });
});
