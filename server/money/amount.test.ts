import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { z } from "zod";
import {
  AMOUNT_REASONS,
  SUPPORTING_DOCUMENT_THRESHOLD_MINOR,
  amountSchema,
  formatAmount,
  minorToTokenUnits,
  parseAmount,
  tokenUnitsToMinor,
} from "./amount.ts";

function minorOf(text: unknown): bigint {
  const parsed = parseAmount(text);
  assert.ok(parsed.ok, `expected ${JSON.stringify(text)} to parse: ${parsed.ok ? "" : parsed.reason}`);
  return parsed.minor;
}

function reasonOf(text: unknown): string {
  const parsed = parseAmount(text);
  assert.equal(parsed.ok, false, `expected ${String(text)} to be refused, got ${parsed.ok ? parsed.minor : ""}`);
  return parsed.ok ? "" : parsed.reason;
}

describe("parseAmount", () => {
  const accepted: [string, bigint][] = [
    ["0", 0n],
    ["0.0", 0n],
    ["0.00", 0n],
    ["1", 100n],
    ["0.01", 1n],
    ["0.1", 10n],
    ["1.2", 120n],
    ["1.23", 123n],
    ["1.33", 133n],
    ["10", 1000n],
    ["10.5", 1050n],
    ["10.50", 1050n],
    ["1000", 100000n],
    ["007.5", 750n],
    ["14999.99", 1_499_999n],
    ["15000.00", 1_500_000n],
    ["999999999999999.99", 99_999_999_999_999_999n],
    ["0000000000000000000001", 100n],
  ];
  for (const [text, minor] of accepted) {
    it(`reads ${text} as ${minor} minor units`, () => assert.equal(minorOf(text), minor));
  }

  it("keeps every cent of values a float could not hold", () => {
    // 0.1 + 0.2 and 2^53 + 1 are where floats go wrong.
    assert.equal(minorOf("9007199254740.93"), 900_719_925_474_093n);
    assert.equal(minorOf("123456789012345.67"), 12_345_678_901_234_567n);
    assert.equal(minorOf("0.29"), 29n);
    assert.equal(minorOf("4.35"), 435n);
  });

  const refused: [unknown, string][] = [
    ["1.234", AMOUNT_REASONS.decimals],
    ["0.001", AMOUNT_REASONS.decimals],
    ["1e3", AMOUNT_REASONS.format],
    ["1E3", AMOUNT_REASONS.format],
    ["1.5e2", AMOUNT_REASONS.format],
    ["+1", AMOUNT_REASONS.signed],
    ["-1", AMOUNT_REASONS.signed],
    ["-0.01", AMOUNT_REASONS.signed],
    [" 1", AMOUNT_REASONS.spaces],
    ["1 ", AMOUNT_REASONS.spaces],
    ["1 000", AMOUNT_REASONS.spaces],
    ["1\n", AMOUNT_REASONS.spaces],
    ["1\u00a0000", AMOUNT_REASONS.spaces],
    ["\t", AMOUNT_REASONS.spaces],
    ["", AMOUNT_REASONS.empty],
    [".5", AMOUNT_REASONS.format],
    ["5.", AMOUNT_REASONS.format],
    [".", AMOUNT_REASONS.format],
    ["1.2.3", AMOUNT_REASONS.format],
    ["1,50", AMOUNT_REASONS.format],
    ["1,000.00", AMOUNT_REASONS.format],
    ["abc", AMOUNT_REASONS.format],
    ["NaN", AMOUNT_REASONS.format],
    ["Infinity", AMOUNT_REASONS.format],
    ["0x10", AMOUNT_REASONS.format],
    ["1_000", AMOUNT_REASONS.format],
    ["١٢", AMOUNT_REASONS.format], // Arabic-Indic digits
    ["１２", AMOUNT_REASONS.format], // full-width digits
    ["1.٥", AMOUNT_REASONS.format],
    ["1000000000000000", AMOUNT_REASONS.tooLarge], // 16 digits
    ["1000000000000000.00", AMOUNT_REASONS.tooLarge],
    ["9".repeat(400), AMOUNT_REASONS.tooLarge],
    ["0".repeat(41), AMOUNT_REASONS.tooLarge],
    [10, AMOUNT_REASONS.notText],
    [10.5, AMOUNT_REASONS.notText],
    [0, AMOUNT_REASONS.notText],
    [10n, AMOUNT_REASONS.notText],
    [true, AMOUNT_REASONS.notText],
    [["10"], AMOUNT_REASONS.notText],
    [{ amount: "10" }, AMOUNT_REASONS.notText],
    [undefined, AMOUNT_REASONS.missing],
    [null, AMOUNT_REASONS.missing],
  ];
  for (const [input, reason] of refused) {
    const label = typeof input === "bigint" ? `${input}n` : JSON.stringify(input)?.slice(0, 30);
    it(`refuses ${label}: ${reason}`, () => assert.equal(reasonOf(input), reason));
  }

  it("phrases every reason as a field error that says what to send", () => {
    assert.equal(AMOUNT_REASONS.format, "must be a decimal string with at most two decimals, such as 10.50");
    assert.match(AMOUNT_REASONS.tooLarge, /too large/);
    for (const reason of Object.values(AMOUNT_REASONS)) assert.match(reason, /^(must|is) /);
  });
});

describe("formatAmount", () => {
  const cases: [bigint, string][] = [
    [0n, "0.00"],
    [1n, "0.01"],
    [10n, "0.10"],
    [99n, "0.99"],
    [100n, "1.00"],
    [133n, "1.33"],
    [1050n, "10.50"],
    [1_500_000n, "15000.00"],
    [99_999_999_999_999_999n, "999999999999999.99"],
    [-1n, "-0.01"],
    [-1050n, "-10.50"],
    [-100n, "-1.00"],
  ];
  for (const [minor, text] of cases) {
    it(`writes ${minor} as ${text}`, () => assert.equal(formatAmount(minor), text));
  }

  it("round-trips with parseAmount", () => {
    for (const text of ["0.00", "0.01", "1.20", "10.50", "14999.99", "999999999999999.99"]) {
      assert.equal(formatAmount(minorOf(text)), text);
    }
    assert.equal(formatAmount(minorOf("1.2")), "1.20");
    assert.equal(formatAmount(minorOf("10")), "10.00");
  });
});

describe("token units", () => {
  it("scales minor units to 18- and 6-decimal tokens exactly", () => {
    assert.equal(minorToTokenUnits(1n, 18), 10_000_000_000_000_000n);
    assert.equal(minorToTokenUnits(1050n, 18), 10_500_000_000_000_000_000n);
    assert.equal(minorToTokenUnits(1050n, 6), 10_500_000n);
    assert.equal(minorToTokenUnits(0n, 18), 0n);
    assert.equal(minorToTokenUnits(123n, 2), 123n);
    assert.equal(minorToTokenUnits(-5n, 6), -50_000n);
  });

  it("scales token units back, truncating toward zero", () => {
    assert.equal(tokenUnitsToMinor(10_500_000_000_000_000_000n, 18), 1050n);
    assert.equal(tokenUnitsToMinor(10_500_000n, 6), 1050n);
    assert.equal(tokenUnitsToMinor(1_999_999n, 6), 199n); // 1.999999 → 1.99
    assert.equal(tokenUnitsToMinor(9_999_999_999_999_999n, 18), 0n); // 0.0099… → 0.00
    assert.equal(tokenUnitsToMinor(-1_999_999n, 6), -199n); // toward zero, not down
    assert.equal(tokenUnitsToMinor(-9_999n, 6), 0n);
    assert.equal(tokenUnitsToMinor(123n, 2), 123n);
  });

  it("round-trips every minor amount", () => {
    for (const minor of [0n, 1n, 99n, 1_500_000n, 99_999_999_999_999_999n]) {
      for (const decimals of [2, 6, 18])
        assert.equal(tokenUnitsToMinor(minorToTokenUnits(minor, decimals), decimals), minor);
    }
  });

  it("refuses tokens that cannot hold cents", () => {
    for (const decimals of [0, 1, -2, 2.5, Number.NaN]) {
      assert.throws(() => minorToTokenUnits(1n, decimals), RangeError);
      assert.throws(() => tokenUnitsToMinor(1n, decimals), RangeError);
    }
  });
});

describe("amountSchema", () => {
  const body = z.object({ amount: amountSchema });

  function errors(value: unknown): Record<string, string> {
    const result = body.safeParse(value);
    assert.equal(result.success, false);
    const out: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join(".")] ??= issue.message;
    return out;
  }

  it("turns the wire string into minor units", () => {
    assert.deepEqual(body.parse({ amount: "10.5" }), { amount: 1050n });
    assert.deepEqual(body.parse({ amount: "1000" }), { amount: 100000n });
  });

  it("reports the parseAmount reason under the field", () => {
    assert.deepEqual(errors({ amount: "1.234" }), { amount: AMOUNT_REASONS.decimals });
    assert.deepEqual(errors({ amount: "1e3" }), { amount: AMOUNT_REASONS.format });
    assert.deepEqual(errors({ amount: "-1" }), { amount: AMOUNT_REASONS.signed });
    assert.deepEqual(errors({ amount: "" }), { amount: AMOUNT_REASONS.empty });
    assert.deepEqual(errors({ amount: "1000000000000000" }), { amount: AMOUNT_REASONS.tooLarge });
    assert.deepEqual(errors({ amount: 10 }), { amount: AMOUNT_REASONS.notText });
    assert.deepEqual(errors({ amount: null }), { amount: AMOUNT_REASONS.missing });
    assert.deepEqual(errors({}), { amount: AMOUNT_REASONS.missing });
  });
});

describe("the supporting-document threshold", () => {
  it("is 15,000.00", () => {
    assert.equal(formatAmount(SUPPORTING_DOCUMENT_THRESHOLD_MINOR), "15000.00");
    assert.ok(minorOf("14999.99") < SUPPORTING_DOCUMENT_THRESHOLD_MINOR);
    assert.ok(minorOf("15000") >= SUPPORTING_DOCUMENT_THRESHOLD_MINOR);
  });
});

describe("the module", () => {
  it("never turns an amount into a float", () => {
    const source = readFileSync(new URL("./amount.ts", import.meta.url), "utf8");
    assert.doesNotMatch(source, /\b(Number|parseFloat|parseInt)\s*\(/);
    assert.doesNotMatch(source, /\bMath\./);
  });
});
