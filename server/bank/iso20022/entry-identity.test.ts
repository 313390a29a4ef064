import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { entryIdentity, normalizeReference } from "./entry-identity.ts";
import { readBankFile } from "./read-bank-file.ts";
import { readStatement } from "./read-statement.ts";
import { type EntryTransaction, type StatementEntry } from "./statement.ts";
import { fixture } from "./testing/fixtures.ts";

const ACCOUNT = "DE89370400440532013000";

/** Every (entry, transaction) of a fixture with its identity; an entry without transactions counts once. */
function identities(file: string): { key: string; entry: StatementEntry; transaction?: EntryTransaction }[] {
  const statement = readStatement(readBankFile(fixture(file)));
  return statement.reports.flatMap((report) =>
    report.entries.flatMap((entry) =>
      (entry.transactions.length > 0 ? entry.transactions : [undefined]).map((transaction) => ({
        key: entryIdentity(report.accountIban!, entry, transaction),
        entry,
        transaction,
      })),
    ),
  );
}

type CreditFields = {
  bookingDate: string;
  minor: bigint;
  creditDebit: "CRDT" | "DBIT";
  endToEndId: string | undefined;
  debtorIban: string | undefined;
  creditorIban: string | undefined;
  remittance: string[];
};

function entry(fields: Partial<StatementEntry> = {}): StatementEntry {
  return {
    position: 1,
    line: 1,
    amount: { decimal: "250.00", currency: "EUR", minor: 25000n },
    creditDebit: "CRDT",
    status: "BOOK",
    bookingDate: "2026-11-26",
    reversal: false,
    transactions: [],
    problems: [],
    ...fields,
  };
}

function transaction(fields: Partial<EntryTransaction> = {}): EntryTransaction {
  return { remittance: { unstructured: ["Top-up"], creditorReferences: [] }, ...fields };
}

describe("entryIdentity: the same credit in a camt.054 and in the day's camt.053 (C47)", () => {
  for (const version of ["02", "04", "08"]) {
    it(`C47 camt.054.001.${version} and camt.053.001.${version} give the credit one identity`, () => {
      const notified = identities(`camt.054.001.${version}.xml`)[0]!;
      const booked = identities(`camt.053.001.${version}.xml`)[0]!;
      assert.equal(booked.entry.amount.minor, notified.entry.amount.minor);
      assert.equal(booked.key, notified.key);
      assert.match(booked.key, /^ref:DE89370400440532013000:/);
    });
  }

  it("C47 the bank's reference on the transaction in one file and only on the entry in the other still match", () => {
    const notified = identities("camt.054.001.08.xml")[0]!;
    const booked = identities("camt.053.001.08.xml")[0]!;
    assert.equal(notified.transaction?.accountServicerReference, "2026112600012345");
    assert.equal(booked.transaction?.accountServicerReference, undefined);
    assert.equal(booked.key, "ref:DE89370400440532013000:2026112600012345");
  });
});

describe("entryIdentity: different credits never share an identity", () => {
  it("every transaction of a file has its own identity; the two files share only the credit they both report", () => {
    const notified = identities("camt.054.001.08.xml").map(({ key }) => key);
    const booked = identities("camt.053.001.08.xml").map(({ key }) => key);
    assert.equal(new Set(notified).size, 5);
    assert.equal(new Set(booked).size, 3);
    assert.deepEqual(
      notified.filter((key) => booked.includes(key)),
      ["ref:DE89370400440532013000:2026112600012345"],
    );
  });

  it("an entry-level reference of a batch names the batch, not each credit", () => {
    const batch = entry({ accountServicerReference: "BATCH-1" });
    batch.transactions = [transaction({ endToEndId: "A" }), transaction({ endToEndId: "B" })];
    const [first, second] = batch.transactions.map((each) => entryIdentity(ACCOUNT, batch, each));
    assert.match(first!, /^fp:/);
    assert.notEqual(first, second);
  });

  it("a reference is qualified by the account, and the account is normalised", () => {
    const credit = entry({ accountServicerReference: "REF-1" });
    assert.notEqual(entryIdentity(ACCOUNT, credit), entryIdentity("DE21370400440000001234", credit));
    assert.equal(entryIdentity("de89 3704 0044 0532 0130 00", credit), entryIdentity(ACCOUNT, credit));
  });

  it("the UETR identifies a transaction when the bank gives no reference of its own", () => {
    const credit = entry();
    const uetr = "3F2B9C1E-8D4A-4C6B-9E1F-2A7D5C8B0E41";
    assert.equal(
      entryIdentity(ACCOUNT, credit, transaction({ uetr })),
      `uetr:${ACCOUNT}:3f2b9c1e-8d4a-4c6b-9e1f-2a7d5c8b0e41`,
    );
  });

  it("the fingerprint, where the bank gives no reference, is the same for the same credit in both files", () => {
    const credit = transaction({ endToEndId: "E2E-1", debtorIban: "FR1420041010050500013M02606" });
    const notified = entry({ transactions: [credit], line: 20, position: 1 });
    const booked = entry({ transactions: [{ ...credit }], line: 400, position: 17, valueDate: "2026-11-26" });
    assert.equal(entryIdentity(ACCOUNT, notified, credit), entryIdentity(ACCOUNT, booked, booked.transactions[0]));
  });

  it("the fingerprint differs when any of what it covers differs (property)", () => {
    const credit: fc.Arbitrary<CreditFields> = fc.record({
      bookingDate: fc.constantFrom("2026-11-26", "2026-11-27"),
      minor: fc.bigInt({ min: 1n, max: 10n ** 12n }),
      creditDebit: fc.constantFrom("CRDT" as const, "DBIT" as const),
      endToEndId: fc.option(fc.string({ minLength: 1, maxLength: 35 }), { nil: undefined }),
      debtorIban: fc.option(fc.constantFrom("FR1420041010050500013M02606", "NL91ABNA0417164300"), { nil: undefined }),
      creditorIban: fc.option(fc.constantFrom("DE21370400440000001234", "DE22370400440000005678"), { nil: undefined }),
      remittance: fc.array(fc.string({ maxLength: 140 }), { maxLength: 2 }),
    });
    const keyOf = (fields: CreditFields) => {
      const details = transaction({
        endToEndId: fields.endToEndId,
        debtorIban: fields.debtorIban,
        creditorIban: fields.creditorIban,
        creditDebit: fields.creditDebit,
        remittance: { unstructured: fields.remittance, creditorReferences: [] },
      });
      const amount = { decimal: "", currency: "EUR", minor: fields.minor };
      return entryIdentity(
        ACCOUNT,
        entry({ bookingDate: fields.bookingDate, amount, transactions: [details] }),
        details,
      );
    };
    // What the fingerprint covers, as it covers it: references and texts normalised (trimmed, blanks collapsed, case).
    const covered = (fields: CreditFields) =>
      JSON.stringify(
        {
          ...fields,
          endToEndId: fields.endToEndId === undefined ? "" : normalizeReference(fields.endToEndId),
          remittance: fields.remittance.map(normalizeReference),
        },
        (_, v: unknown) => (typeof v === "bigint" ? `${v}n` : v),
      );
    fc.assert(
      fc.property(credit, credit, (one, other) => {
        const same = covered(one) === covered(other);
        assert.equal(keyOf(one) === keyOf(other), same);
      }),
    );
  });
});

describe("entryIdentity: one reference, however it is spelt, is one identity (C47)", () => {
  it("C47 a reference padded with blanks, with runs of inner blanks or in another case is the same identity", () => {
    const key = (reference: string) =>
      entryIdentity(ACCOUNT, entry(), transaction({ accountServicerReference: reference }));
    const plain = key("2026112600012345 AB");
    for (const spelling of [
      "  2026112600012345 AB  ",
      "2026112600012345\t \n AB",
      "2026112600012345 ab",
      "\u00a02026112600012345 AB",
    ]) {
      assert.equal(key(spelling), plain, JSON.stringify(spelling));
    }
    assert.equal(plain, `ref:${ACCOUNT}:2026112600012345 AB`);
    // The entry's reference is normalised the same way, so both levels still share one key space.
    assert.equal(entryIdentity(ACCOUNT, entry({ accountServicerReference: " 2026112600012345  ab " })), plain);
    // A reference of blanks only is none: the UETR, then the fingerprint, identify the credit.
    assert.match(key("   "), /^fp:/);
    const uetr = "3F2B9C1E-8D4A-4C6B-9E1F-2A7D5C8B0E41";
    assert.equal(
      entryIdentity(ACCOUNT, entry(), transaction({ uetr: ` ${uetr} ` })),
      `uetr:${ACCOUNT}:${uetr.toLowerCase()}`,
    );
  });

  it("C47 random spellings of one reference (padding, inner blank runs, case) give one identity (property, seeded)", () => {
    const blank = fc.constantFrom(" ", "  ", "\t", "\n", " \t ");
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{2,8}( [A-Z0-9]{2,8}){0,2}$/),
        fc.array(blank, { maxLength: 3 }),
        fc.array(blank, { maxLength: 3 }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        (reference, before, after, lower) => {
          const respelt =
            before.join("") +
            [...reference.replace(/ /g, " \t ")].map((c, i) => (lower[i % 30] ? c.toLowerCase() : c)).join("") +
            after.join("");
          const key = (text: string) =>
            entryIdentity(ACCOUNT, entry(), transaction({ accountServicerReference: text }));
          assert.equal(key(respelt), key(reference));
        },
      ),
      { seed: 4711, numRuns: 500 },
    );
  });

  it("C47 the fingerprint tells apart credits that differ only in the account credited", () => {
    const to = (creditorIban: string) => {
      const details = transaction({
        endToEndId: "NOTPROVIDED",
        debtorIban: "FR1420041010050500013M02606",
        creditorIban,
      });
      return entryIdentity(ACCOUNT, entry({ transactions: [details] }), details);
    };
    assert.notEqual(to("DE21370400440000001234"), to("DE22370400440000005678"));
    assert.equal(to("DE21 3704 0044 0000 0012 34"), to("DE21370400440000001234"));
  });
});
