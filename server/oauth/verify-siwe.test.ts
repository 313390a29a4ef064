import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Config } from "../config.ts";
import { MAX_SIGNATURE, MAX_SIGNED_MESSAGE } from "../limits.ts";
import { verifySiwe } from "./verify-siwe.ts";

describe("Sign-In with Ethereum: bounds", () => {
  // Refused before the message is parsed or anything is looked up, so no configuration is needed.
  const base = { domain: "localhost", uri: { origin: "http://localhost" }, config: {} as Config, now: new Date() };

  it("C42: a message or signature longer than its bound is refused, naming the bound", async () => {
    assert.deepEqual(await verifySiwe({ ...base, message: "m".repeat(MAX_SIGNED_MESSAGE + 1), signature: "0x00" }), {
      ok: false,
      reason: `the message must be at most ${MAX_SIGNED_MESSAGE} characters`,
    });
    assert.deepEqual(await verifySiwe({ ...base, message: "m", signature: `0x${"0".repeat(MAX_SIGNATURE)}` }), {
      ok: false,
      reason: `the signature must be at most ${MAX_SIGNATURE} characters`,
    });
  });
});
