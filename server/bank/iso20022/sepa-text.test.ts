import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { assertSepaIdentifier, isCreditorReference, isSepaWritable, toSepaText } from "./sepa-text.ts";

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

/** Characters of the basic set, letters it spells or unaccents, lone marks, and now and then anything at all. */
const mostlyLatin = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(..."aZ09 /-?:().,'+éÖßæ&ŁİÅ") },
  { weight: 1, arbitrary: fc.constantFrom("\u0301", "\u0308") },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
);

describe("isSepaWritable", () => {
  it("C42 passes Latin text with accents, refuses what toSepaText would blank out", () => {
    for (const text of [
      "Müller & Söhne GmbH",
      "Straße Øresund",
      "Invoice 7/2026 (paid)",
      "amoy:0xAbC",
      "",
      "e\u0301",
    ]) {
      assert.equal(isSepaWritable(text), true, text);
    }
    for (const text of [
      "rtl\u202eevil",
      "\u2066isolate\u2069",
      "😀",
      "a\u0000b",
      "tab\there",
      "line\nbreak",
      "\ud800",
      "x\udc00y",
      "e\u0301\u0301",
      "\u0301",
      "日本",
      "€100",
      "\u00a0",
      "ﬁ",
    ]) {
      assert.equal(isSepaWritable(text), false, JSON.stringify(text));
    }
  });

  it("C42 a text it passes loses no character when written in the SEPA set (property, seeded)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40, unit: mostlyLatin }), (text) => {
        if (!isSepaWritable(text)) return;
        const kept = [...text.normalize("NFC")].filter((c) => c !== " ").length;
        assert.ok(toSepaText(text, 10_000).replaceAll(" ", "").length >= kept, JSON.stringify(text));
      }),
      { seed: 31, numRuns: 500 },
    );
  });

  it("C42 a text with any control, bidi, emoji or unpaired surrogate in it is refused (property, seeded)", () => {
    const hostile = fc.constantFrom(
      "\u0000",
      "\u0007",
      "\u001b",
      "\u007f",
      "\u202e",
      "\u200f",
      "\u2067",
      "😀",
      "\ud800",
      "\udfff",
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), hostile, fc.string({ maxLength: 20 }), (before, bad, after) => {
        assert.equal(isSepaWritable(`${before}${bad}${after}`), false);
      }),
      { seed: 31, numRuns: 500 },
    );
  });
});
