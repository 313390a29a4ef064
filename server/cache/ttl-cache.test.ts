import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { TtlCache } from "./ttl-cache.ts";

describe("TtlCache", () => {
  it("serves an entry until its time is up", () => {
    const cache = new TtlCache<string>(10);
    cache.set("a", "A", 1_000);
    assert.equal(cache.get("a", 999), "A");
    assert.equal(cache.get("a", 1_000), undefined);
  });

  it("evicts by tag and drops the oldest entry past its size", () => {
    const cache = new TtlCache<number>(2);
    cache.set("a", 1, 10, ["user:1"]);
    cache.set("b", 2, 10, ["user:2"]);
    cache.evict(["user:1"]);
    assert.equal(cache.get("a", 0), undefined);
    assert.equal(cache.get("b", 0), 2);
    cache.set("c", 3, 10);
    cache.set("d", 4, 10);
    assert.equal(cache.get("b", 0), undefined, "oldest gone");
    assert.equal(cache.get("d", 0), 4);
  });
});
