import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MAX_ECHO, quote } from "./limits.ts";

describe("C42: error messages repeat little of the input", () => {
  it("C42: quote keeps input of up to 200 characters whole and cuts longer input to 200 and an ellipsis", () => {
    assert.equal(quote("a".repeat(MAX_ECHO)), "a".repeat(MAX_ECHO));
    assert.equal(quote("a".repeat(1_000_000)), `${"a".repeat(MAX_ECHO)}…`);
    assert.equal(quote(undefined), "undefined");
    // A character outside the BMP straddling the cut is dropped whole, not halved.
    assert.equal(quote(`${"a".repeat(MAX_ECHO - 1)}😀b`), `${"a".repeat(MAX_ECHO - 1)}…`);
  });
});
