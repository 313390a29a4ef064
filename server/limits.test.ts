import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "./http/errors.ts";
import { errorBody, MAX_ERROR_TEXT } from "./http/respond.ts";
import { MAX_ECHO, quote } from "./limits.ts";

describe("C42: error messages repeat little of the input", () => {
  it("C42: quote keeps input of up to 200 characters whole and cuts longer input to 200 and an ellipsis", () => {
    assert.equal(quote("a".repeat(MAX_ECHO)), "a".repeat(MAX_ECHO));
    assert.equal(quote("a".repeat(1_000_000)), `${"a".repeat(MAX_ECHO)}…`);
    assert.equal(quote(undefined), "undefined");
    // A character outside the BMP straddling the cut is dropped whole, not halved.
    assert.equal(quote(`${"a".repeat(MAX_ECHO - 1)}😀b`), `${"a".repeat(MAX_ECHO - 1)}…`);
  });

  it("C42: an error body cuts a message, a field message and the OAuth description that did not quote", () => {
    const huge = "h".repeat(1_000_000);
    const body = errorBody(new AppError("VALIDATION", `bad ${huge}`, { field: `bad ${huge}` }), { oauth: true });
    const cut = `bad ${huge}`.slice(0, MAX_ERROR_TEXT) + "…";
    assert.deepEqual(body, {
      code: 400,
      status: "Bad Request",
      message: cut,
      errors: { field: cut },
      error: "invalid_request",
      error_description: cut,
    });
  });
});
