import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { XmlDocument } from "libxml2-wasm";
import { formatDecimalAmount, parseDecimalAmount } from "./decimal-amount.ts";
import { messageById } from "./message-registry.ts";
import { readBankFile } from "./read-bank-file.ts";
import { validatorFor } from "./schema-validators.ts";
import { fixture } from "./testing/fixtures.ts";
import { writePain001, type Pain001Version, type Payment, type PaymentBatch } from "./write-pain001.ts";
import { at, childrenNamed, textAt, type XmlTree } from "./xml-tree.ts";

const VERSIONS: Pain001Version[] = ["03", "09"];

const batch: PaymentBatch = {
  messageId: "PAYOUTS-20261126-1",
  createdAt: new Date("2026-11-26T09:30:00.123Z"),
  debtor: { name: "Tokenrail Treasury GmbH", iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
  requestedExecutionDate: "2026-11-27",
  payments: [
    {
      endToEndId: "ORD-01J9Z3K5A1",
      instructionId: "PAYOUT-1",
      amountMinor: 20000n,
      currency: "EUR",
      creditor: { name: "Zoë Ångström & Søn", iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
      remittance: { unstructured: "Redeem ORD-01J9Z3K5A1 – 200 EURe" },
    },
    {
      endToEndId: "ORD-01J9Z3K5A2",
      instructionId: "PAYOUT-2",
      amountMinor: 30001n,
      currency: "EUR",
      creditor: { name: "Jan de Vries", iban: "DE21370400440000001234" },
      remittance: { creditorReference: "RF18539007547034" },
    },
  ],
};

/** Validates bytes the way a bank would: parsed from the file, against the official schema. */
function assertSchemaValid(bytes: Uint8Array, version: Pain001Version): void {
  const document = XmlDocument.fromBuffer(bytes);
  try {
    validatorFor(messageById(`pain.001.001.${version}`)).validate(document);
  } finally {
    document.dispose();
  }
}

function readBack(bytes: Uint8Array): XmlTree {
  return at(readBankFile(bytes, { directions: ["out"] }).document, "CstmrCdtTrfInitn")!;
}

describe("writePain001 (C49)", () => {
  for (const version of VERSIONS) {
    it(`C49 writes pain.001.001.${version} valid against the official schema, as in the fixture`, () => {
      const bytes = writePain001(batch, version);
      assertSchemaValid(bytes, version);
      assert.equal(new TextDecoder().decode(bytes), new TextDecoder().decode(fixture(`pain.001.001.${version}.xml`)));
    });

    it(`C49 pain.001.001.${version}: NbOfTxs and CtrlSum at group and payment level, SEPA, SLEV`, () => {
      const file = readBack(writePain001(batch, version));
      assert.equal(textAt(file, "GrpHdr", "NbOfTxs"), "2");
      assert.equal(textAt(file, "GrpHdr", "CtrlSum"), "500.01");
      assert.equal(textAt(file, "GrpHdr", "CreDtTm"), "2026-11-26T09:30:00Z");
      assert.equal(textAt(file, "PmtInf", "NbOfTxs"), "2");
      assert.equal(textAt(file, "PmtInf", "CtrlSum"), "500.01");
      assert.equal(textAt(file, "PmtInf", "PmtTpInf", "SvcLvl", "Cd"), "SEPA");
      assert.equal(textAt(file, "PmtInf", "ChrgBr"), "SLEV");
      const executionDate =
        version === "09" ? textAt(file, "PmtInf", "ReqdExctnDt", "Dt") : textAt(file, "PmtInf", "ReqdExctnDt");
      assert.equal(executionDate, "2026-11-27");
    });
  }

  it("C49 each payment carries its end-to-end id, amount, creditor and one kind of remittance", () => {
    const [first, second] = childrenNamed(at(readBack(writePain001(batch, "09")), "PmtInf"), "CdtTrfTxInf");
    assert.equal(textAt(first, "PmtId", "EndToEndId"), "ORD-01J9Z3K5A1");
    assert.equal(textAt(first, "PmtId", "InstrId"), "PAYOUT-1");
    assert.equal(at(first, "Amt", "InstdAmt")?.attributes.Ccy, "EUR");
    assert.equal(textAt(first, "Amt", "InstdAmt"), "200.00");
    assert.equal(textAt(first, "CdtrAgt", "FinInstnId", "BICFI"), "ABNANL2A");
    assert.equal(textAt(first, "Cdtr", "Nm"), "Zoe Angstrom + Son");
    assert.equal(textAt(first, "RmtInf", "Ustrd"), "Redeem ORD-01J9Z3K5A1 200 EURe");
    assert.equal(at(second, "CdtrAgt"), undefined);
    assert.equal(textAt(second, "Amt", "InstdAmt"), "300.01");
    assert.equal(textAt(second, "RmtInf", "Strd", "CdtrRefInf", "Ref"), "RF18539007547034");
    assert.equal(textAt(second, "RmtInf", "Strd", "CdtrRefInf", "Tp", "CdOrPrtry", "Cd"), "SCOR");
    assert.equal(at(second, "RmtInf", "Ustrd"), undefined);
  });

  it("C49 any batch: schema-valid in both versions, NbOfTxs and CtrlSum equal to its transactions (property)", () => {
    const payment: fc.Arbitrary<Payment> = fc.record({
      endToEndId: fc.stringMatching(/^[A-Za-z0-9-]{1,35}$/),
      instructionId: fc.stringMatching(/^[A-Za-z0-9]{1,35}$/),
      amountMinor: fc.bigInt({ min: 1n, max: 99_999_999_999n }),
      currency: fc.constant("EUR" as const),
      creditor: fc.record({
        name: fc.string({ minLength: 1, maxLength: 200 }).map((name) => `${name}x`),
        iban: fc.constantFrom("NL91ABNA0417164300", "DE21370400440000001234", "FR1420041010050500013M02606"),
        bic: fc.option(fc.constantFrom("ABNANL2A", "BNPAFRPPXXX"), { nil: undefined }),
      }),
      remittance: fc.oneof(
        fc.string({ minLength: 1, maxLength: 140 }).map((text) => ({ unstructured: `${text.slice(0, 139)}r` })),
        fc.constant({ creditorReference: "RF18539007547034" }),
      ),
    });
    fc.assert(
      fc.property(
        fc.array(payment, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(...VERSIONS),
        (payments, version) => {
          const bytes = writePain001({ ...batch, payments }, version);
          assertSchemaValid(bytes, version);
          const file = readBack(bytes);
          const transactions = childrenNamed(at(file, "PmtInf"), "CdtTrfTxInf");
          const total = transactions.reduce((sum, transaction) => {
            const amount = parseDecimalAmount(textAt(transaction, "Amt", "InstdAmt")!, "EUR");
            assert.ok(amount.ok);
            return sum + amount.minor;
          }, 0n);
          const expectedSum = formatDecimalAmount(
            payments.reduce((sum, each) => sum + each.amountMinor, 0n),
            "EUR",
          );
          assert.equal(transactions.length, payments.length);
          assert.equal(formatDecimalAmount(total, "EUR"), expectedSum);
          for (const level of ["GrpHdr", "PmtInf"]) {
            assert.equal(textAt(file, level, "NbOfTxs"), String(payments.length));
            assert.equal(textAt(file, level, "CtrlSum"), expectedSum);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("writePain001 refuses what would make a bad file", () => {
  const throwsFor = (change: Partial<Payment>, pattern: RegExp) =>
    assert.throws(() => writePain001({ ...batch, payments: [{ ...batch.payments[0]!, ...change }] }, "09"), pattern);

  it("an end-to-end id over 35 characters, with spaces, or with //", () => {
    throwsFor({ endToEndId: "X".repeat(36) }, /endToEndId must be 1 to 35 characters/);
    throwsFor({ endToEndId: "ORD 1" }, /SEPA character set without spaces/);
    throwsFor({ endToEndId: "ORD//1" }, /must not start or end with "\/" nor contain "\/\/"/);
  });

  it("a creditor reference that fails its check digits, a remittance over 140 characters, no amount", () => {
    throwsFor({ remittance: { creditorReference: "RF19539007547034" } }, /Not an RF creditor reference/);
    throwsFor({ remittance: { unstructured: "x".repeat(141) } }, /Remittance text must be 1 to 140 characters/);
    throwsFor({ amountMinor: 0n }, /has no positive amount/);
  });

  it("an empty batch", () => {
    assert.throws(() => writePain001({ ...batch, payments: [] }, "03"), /at least one payment/);
  });

  it("a file the schema refuses is our bug: a plain Error naming the schema's reason", () => {
    const badIban = { ...batch, debtor: { ...batch.debtor, iban: "not an iban" } };
    assert.throws(
      () => writePain001(badIban, "09"),
      /pain.001.001.09 written for PAYOUTS-20261126-1 is not schema-valid: .*IBAN/,
    );
  });
});
