import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { currencyDecimals, formatDecimalAmount, parseDecimalAmount } from "./decimal-amount.ts";

describe("parseDecimalAmount", () => {
  const accepted: [string, string, bigint][] = [
    ["0", "EUR", 0n],
    ["0.01", "EUR", 1n],
    ["10", "EUR", 1000n],
    ["10.5", "EUR", 1050n],
    ["10.50", "EUR", 1050n],
    ["10.500", "EUR", 1050n],
    ["+1.00", "EUR", 100n],
    [".5", "EUR", 50n],
    ["5.", "EUR", 500n],
    ["007.10", "EUR", 710n],
    [" 1.25 ", "EUR", 125n],
    ["999999999999999.99", "EUR", 99999999999999999n],
    ["1500", "JPY", 1500n],
    ["1.234", "KWD", 1234n],
  ];
  for (const [text, currency, minor] of accepted) {
    it(`reads ${text} ${currency} as ${minor} minor units`, () => {
      assert.deepEqual(parseDecimalAmount(text, currency), { ok: true, minor });
    });
  }

  it("refuses more significant decimals than the currency carries rather than rounding", () => {
    for (const [text, currency] of [
      ["10.001", "EUR"],
      ["0.00001", "EUR"],
      ["1.5", "JPY"],
      ["1.2345", "KWD"],
    ] as const) {
      const parsed = parseDecimalAmount(text, currency);
      assert.equal(parsed.ok, false);
      assert.match(
        parsed.ok ? "" : parsed.reason,
        /has more decimals than [A-Z]{3} carries \(\d\); it is not rounded$/,
      );
    }
  });

  it("refuses text that is not a decimal", () => {
    for (const text of ["", ".", "1,00", "1e3", "ten", "1.2.3"]) {
      assert.equal(parseDecimalAmount(text, "EUR").ok, false, text);
    }
  });

  it("knows the ISO 4217 decimals of a few currencies", () => {
    assert.deepEqual(["EUR", "CHF", "JPY", "KWD", "CLF"].map(currencyDecimals), [2, 2, 0, 3, 4]);
  });
});

describe("formatDecimalAmount", () => {
  it("writes exact decimal text in the currency's decimals", () => {
    assert.equal(formatDecimalAmount(0n, "EUR"), "0.00");
    assert.equal(formatDecimalAmount(5n, "EUR"), "0.05");
    assert.equal(formatDecimalAmount(123456789012345678n, "EUR"), "1234567890123456.78");
    assert.equal(formatDecimalAmount(-150n, "EUR"), "-1.50");
    assert.equal(formatDecimalAmount(7n, "JPY"), "7");
    assert.equal(formatDecimalAmount(1234n, "KWD"), "1.234");
  });

  it("round-trips with parseDecimalAmount for any amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.constantFrom("EUR", "JPY", "KWD"), (minor, currency) => {
        assert.deepEqual(parseDecimalAmount(formatDecimalAmount(minor, currency), currency), { ok: true, minor });
      }),
    );
  });
});
