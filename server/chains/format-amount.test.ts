import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatTokenAmount } from "./format-amount.ts";

describe("formatTokenAmount", () => {
  const cases: [bigint, number, string][] = [
    [0n, 18, "0.00"],
    [1_500_000_000_000_000_000n, 18, "1.50"],
    [1_234_000_000_000_000_000n, 18, "1.234"],
    [123_450_000n, 6, "123.45"],
    [1n, 18, "0.000000000000000001"],
    [10n ** 30n, 18, "1000000000000.00"],
    [-5n * 10n ** 17n, 18, "-0.50"],
  ];
  for (const [units, decimals, text] of cases) {
    it(`${units} with ${decimals} decimals is ${text}`, () =>
      assert.equal(formatTokenAmount({ units, decimals }), text));
  }
});
