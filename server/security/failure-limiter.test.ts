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

describe("attempts taken before their check (C29)", () => {
  it("C29 a reserved attempt counts at once; a failure stays, a success clears, an uncounted one is taken back", () => {
    const limiter = new MemoryFailureLimiter(3, 60_000);
    assert.equal(limiter.reserve("k", 0), 0);
    assert.equal(limiter.reserve("k", 1), 0);
    assert.equal(limiter.reserve("k", 2), 0);
    assert.equal(limiter.reserve("k", 3), 60, "three under way: the fourth waits for the first to age out");
    limiter.settle("k", 2, "uncounted");
    assert.equal(limiter.reserve("k", 4), 0, "the uncounted one gave its place back");
    limiter.settle("k", 0, "failure");
    limiter.settle("k", 1, "success");
    assert.equal(limiter.has("k"), false, "a success clears the key");
    limiter.settle("k", 4, "failure");
    assert.equal(limiter.retryAfterSeconds("k", 5), 0);
  });
});
