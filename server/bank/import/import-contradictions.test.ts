import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { after, describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { isAppError } from "../../errors.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { tearDownDrivers } from "../../testing/tear-down-drivers.ts";
import { returnableTo } from "../payments/payouts.ts";
import { fixture } from "../iso20022/testing/fixtures.ts";
import { testCamt054, type TestEntry, type TestTransaction } from "../iso20022/testing/write-test-entries.ts";
import { importBankFile, mintUnmatched, type ImportReport } from "./import-bank-file.ts";
import { FIXTURE_MASTER_IBAN, importConfig, seedHolder } from "./testing/bank-import-fixtures.ts";
import { randomGenerator, releasedPayouts } from "./testing/import-test-helpers.ts";

await setUpTestInstance("bank_import_contradictions");

const config = importConfig();

function importBytes(bytes: Uint8Array): Promise<ImportReport> {
  return importBankFile({ content: { bytes }, name: "test.xml", source: "upload", config, driveChain: false });
}

function importEntries(entries: TestEntry[]): Promise<ImportReport> {
  const messageId = `NTF-${randomBytes(10).toString("hex")}`;
  return importBytes(testCamt054({ messageId, accountIban: FIXTURE_MASTER_IBAN, entries }));
}

const eur = (value: string) => ({ value, currency: "EUR" });

/** No operator can turn the file's exceptions into money: assigning and returning are both refused. */
async function neitherAssignableNorReturnable(fileId: string, iban: string) {
  const prisma = await db();
  const entries = await prisma.bankEntry.findMany({ where: { fileId } });
  assert.ok(entries.length > 0);
  for (const entry of entries) {
    assert.equal(entry.outcome, "unmatched");
    await assert.rejects(
      prisma.$transaction((tx) => mintUnmatched(tx, { entryId: entry.id, iban, config, now: new Date() })),
      (error) => isAppError(error) && error.code === "CONFLICT",
    );
    await assert.rejects(
      prisma.$transaction((tx) => returnableTo(tx, entry)),
      (error) => isAppError(error) && ["CONFLICT", "VALIDATION"].includes(error.code),
    );
  }
}

describe("C63: a bank entry's transactions agree with it, or the entry is an exception", () => {
  after(tearDownDrivers);

  it("C63 a debit entry whose transaction says credit to one of our IBANs is an exception naming both, never a mint", async () => {
    const prisma = await db();
    const holder = await seedHolder();
    const report = await importEntries([
      {
        side: "DBIT",
        amount: "5.10",
        currency: "EUR",
        reference: `REF${randomBytes(6).toString("hex")}`,
        transactions: [
          { side: "CRDT", amount: eur("5.10"), creditorIban: holder.iban, debtorIban: "FR1420041010050500013M02606" },
        ],
      },
    ]);
    assert.deepEqual(report.counts, { unmatched: 1 });
    const [line] = report.entries;
    assert.equal(line?.orderId, undefined);
    assert.match(
      line?.problem ?? "",
      /this transaction is CRDT 5\.10 EUR; the entry \(DBIT 5\.10 EUR\) and its transactions disagree/,
    );
    assert.equal(await prisma.order.count({ where: { profileId: holder.profileId } }), 0);
    await neitherAssignableNorReturnable(report.file.id, holder.iban);
  });

  it("C63 the outside parser's debit batch (200000 SEK, CRDT transactions in CHF, and the same in EUR) is three exceptions naming both, none minted or assignable", async () => {
    const prisma = await db();
    const ibans = ["DE27100777770209299700", "DE11520513735120710131", "DE91100000000123456789"];
    const holders = await Promise.all(ibans.map((iban) => seedHolder({ iban })));
    const outside = await importBytes(fixture("outside-debit-batch.camt.054.001.08.xml"));
    assert.deepEqual(outside.counts, { unmatched: 3 });
    const amounts = ["3.1", "3.2", "3.2"];
    outside.entries.forEach((line, index) => {
      assert.match(line.problem ?? "", new RegExp(`this transaction is CRDT ${amounts[index]} CHF`));
      assert.match(line.problem ?? "", /the entry \(DBIT 200000 SEK\) and its transactions disagree/);
    });
    await neitherAssignableNorReturnable(outside.file.id, holders[0]!.iban);
    // The same batch with its transactions in euros: credits the token could carry, to approved IBANs.
    const text = new TextDecoder().decode(fixture("outside-debit-batch.camt.054.001.08.xml"));
    const inEuros = text
      .replaceAll('Ccy="CHF"', 'Ccy="EUR"')
      .replaceAll("AAAASESS-FP-DBTBATCH01", "AAAASESS-FP-DBTBATCH02");
    const euros = await importBytes(new TextEncoder().encode(inEuros));
    assert.deepEqual(euros.counts, { unmatched: 3 });
    assert.match(euros.entries[0]!.problem ?? "", /this transaction is CRDT 3\.1 EUR; the entry \(DBIT 200000 SEK\)/);
    await neitherAssignableNorReturnable(euros.file.id, holders[0]!.iban);
    assert.equal(await prisma.order.count({ where: { profileId: { in: holders.map((h) => h.profileId) } } }), 0);
  });

  it("C63 a payout's debit whose transaction disagrees with its entry is never matched to the payout", async () => {
    const prisma = await db();
    const endToEndId = `PO-${randomBytes(6).toString("hex")}`;
    await releasedPayouts([{ endToEndId, amountMinor: 10000n }]);
    const report = await importEntries([
      {
        side: "DBIT",
        amount: "150.00",
        currency: "EUR",
        transactions: [{ side: "DBIT", amount: eur("100.00"), endToEndId }],
      },
    ]);
    assert.deepEqual(report.counts, { unmatched: 1 });
    assert.equal(report.entries[0]?.payoutId, undefined);
    assert.match(report.entries[0]?.problem ?? "", /the transactions add up to 100 EUR/);
    assert.equal((await prisma.payout.findUniqueOrThrow({ where: { endToEndId } })).state, "released");
  });

  it("C63 random side, currency and amount contradictions never mint and never match a payout (seeded)", async () => {
    const seed = Number(process.env.C63_SEED ?? 6301);
    const random = randomGenerator(seed);
    const prisma = await db();
    const holders = await Promise.all(Array.from({ length: 4 }, () => seedHolder()));
    const endToEndIds: string[] = [];
    const entries: TestEntry[] = [];
    for (let n = 0; n < 40; n++) {
      const count = 1 + random.int(3);
      const side = random.pick(["CRDT", "DBIT"] as const);
      const transactions: TestTransaction[] = Array.from({ length: count }, () => {
        const cents = 1 + random.int(50_000);
        const amount = eur(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);
        // Each could settle a released payout of its amount, and each credit could mint, were it believed.
        const endToEndId = `PO-${randomBytes(6).toString("hex")}`;
        endToEndIds.push(endToEndId);
        const creditorIban = random.pick(holders).iban;
        return { side, amount, endToEndId, creditorIban, debtorIban: "FR1420041010050500013M02606" };
      });
      const totalCents = transactions.reduce((sum, t) => sum + Math.round(Number(t.amount!.value) * 100), 0);
      const total = `${Math.floor(totalCents / 100)}.${String(totalCents % 100).padStart(2, "0")}`;
      const entry: TestEntry = { side, amount: total, currency: "EUR", batch: count > 1, transactions };
      const victim = transactions[random.int(count)]!;
      const how = random.pick(["side", "currency", "entry currency", "amount", "details", "no amount"] as const);
      if (how === "side") victim.side = side === "CRDT" ? "DBIT" : "CRDT";
      else if (how === "currency") victim.amount = { ...victim.amount!, currency: random.pick(["CHF", "SEK", "USD"]) };
      else if (how === "entry currency") entry.currency = random.pick(["CHF", "SEK", "USD"]);
      else if (how === "amount") entry.amount = `${Math.floor(totalCents / 100) + 1 + random.int(100)}.00`;
      else if (how === "details") victim.detailsAmount = eur(`${random.int(1000)}.01`);
      else if (count > 1) delete victim.amount;
      else entry.amount = `${Math.floor(totalCents / 100) + 1}.00`;
      entries.push(entry);
    }
    await releasedPayouts(
      entries.flatMap((entry) =>
        entry.transactions.flatMap((t) =>
          t.endToEndId && t.amount
            ? [{ endToEndId: t.endToEndId, amountMinor: BigInt(Math.round(Number(t.amount.value) * 100)) }]
            : [],
        ),
      ),
    );
    const report = await importEntries(entries);
    const lines = entries.reduce((sum, entry) => sum + entry.transactions.length, 0);
    assert.deepEqual(report.counts, { unmatched: lines }, `seed ${seed}`);
    for (const line of report.entries) assert.match(line.problem ?? "", /disagree/, `seed ${seed}`);
    assert.equal(await prisma.order.count({ where: { profileId: { in: holders.map((h) => h.profileId) } } }), 0);
    const moved = await prisma.payout.count({ where: { endToEndId: { in: endToEndIds }, state: { not: "released" } } });
    assert.equal(moved, 0, `seed ${seed}: no payout was settled by a contradiction`);
  });
});
