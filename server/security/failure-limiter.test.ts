import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MemoryFailureLimiter } from "./failure-limiter.ts";

describe("failure limiter", () => {
  it("refuses after the limit until the oldest failure leaves the window, and forgets on reset", () => {
    const limiter = new MemoryFailureLimiter(3, 60_000);
    for (const t of [0, 10_000, 20_000]) {
      assert.equal(limiter.retryAfterSeconds("k", t), 0);
      limiter.recordFailure("k", t);
    }
    assert.equal(limiter.retryAfterSeconds("k", 30_000), 30, "until the failure at 0 ages out at 60 s");
    assert.equal(limiter.retryAfterSeconds("other", 30_000), 0, "keys are separate");
    assert.equal(limiter.retryAfterSeconds("k", 60_001), 0);
    limiter.recordFailure("k", 60_001);
    assert.ok(limiter.retryAfterSeconds("k", 60_002) > 0);
    limiter.reset("k");
    assert.equal(limiter.retryAfterSeconds("k", 60_002), 0);
  });
});
