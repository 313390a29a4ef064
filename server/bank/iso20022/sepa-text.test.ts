import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { assertSepaIdentifier, isCreditorReference, toSepaText } from "./sepa-text.ts";

describe("toSepaText", () => {
  it("drops accents, spells out ß, æ, ø and &, and turns anything else into a space", () => {
    assert.equal(toSepaText("Müller & Söhne GmbH", 70), "Muller + Sohne GmbH");
    assert.equal(toSepaText("Straße Øresund Æble Łódź", 70), "Strasse Oresund AEble Lodz");
    assert.equal(toSepaText("Ref: 42 – €100 (paid) 日本", 70), "Ref: 42 100 (paid)");
    assert.equal(toSepaText("  two   spaces\tand\na newline ", 70), "two spaces and a newline");
  });

  it("cuts at the limit without leaving a trailing space", () => {
    assert.equal(toSepaText("abc def", 4), "abc");
    assert.equal(toSepaText("x".repeat(100), 70).length, 70);
  });

  it("always yields the SEPA basic set within the limit (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 140 }), (text, limit) => {
        const sepa = toSepaText(text, limit);
        assert.match(sepa, /^[A-Za-z0-9/\-?:().,'+ ]*$/);
        assert.ok(sepa.length <= limit);
        assert.equal(sepa, sepa.trim());
      }),
    );
  });
});

describe("assertSepaIdentifier and isCreditorReference", () => {
  it("accepts our identifiers and refuses what EPC forbids", () => {
    assertSepaIdentifier("ORD-01J9Z3K5A1", "endToEndId");
    assert.throws(() => assertSepaIdentifier("", "id"), /1 to 35/);
    assert.throws(() => assertSepaIdentifier("/ORD", "id"), /must not start or end/);
    assert.throws(() => assertSepaIdentifier("ORDÜ", "id"), /SEPA character set/);
  });

  it("checks ISO 11649 check digits", () => {
    assert.equal(isCreditorReference("RF18539007547034"), true);
    assert.equal(isCreditorReference("RF712348231"), true);
    assert.equal(isCreditorReference("RF19539007547034"), false);
    assert.equal(isCreditorReference("RF18 5390 0754 7034"), false);
    assert.equal(isCreditorReference("XX18539007547034"), false);
  });
});
