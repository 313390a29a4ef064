import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { displayAmount } from "./display.ts";

describe("issue 9: amounts on screens", () => {
  it("groups thousands and keeps two decimals, from decimal strings or minor units", () => {
    assert.equal(displayAmount("1234567.5", "eur"), "1,234,567.50 EUR");
    assert.equal(displayAmount("12.34", "usd"), "12.34 USD");
    assert.equal(displayAmount("100", "eur"), "100.00 EUR");
    assert.equal(displayAmount(0n, "eur"), "0.00 EUR");
    assert.equal(displayAmount(-123456n, "isk"), "-1,234.56 ISK");
    assert.equal(displayAmount(99_999_999_999_999_999n, "eur"), "999,999,999,999,999.99 EUR");
  });
});
