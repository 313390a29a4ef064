import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../errors.ts";
import { errorBody, MAX_ERROR_TEXT } from "./respond.ts";

describe("C42: an error body repeats little of the input", () => {
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
