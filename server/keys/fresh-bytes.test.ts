import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { freshBytes } from "./fresh-bytes.ts";

// The random bytes of sealing's keys and nonces (C70) come a page at a time: never the same bytes twice.
describe("C70 fresh random bytes for keys and nonces", () => {
  it("C70 no two draws share bytes, across many pages, and each is the size asked for", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const size = [12, 32, 16, 8][i % 4]!;
      const drawn = freshBytes(size);
      assert.equal(drawn.length, size);
      const hex = drawn.toString("hex");
      assert.ok(!seen.has(hex), `draw ${i} repeated an earlier one`);
      seen.add(hex);
    }
    // 3000 draws of 8 to 32 bytes: several pages were used up and drawn again.
  });

  it("C70 a draw is the caller's own: changing it changes no other draw", () => {
    const a = freshBytes(32);
    const copy = Buffer.from(a);
    const b = freshBytes(32);
    b.fill(0);
    assert.deepEqual(a, copy);
  });

  it("C70 the bytes look random: about half the bits set over many draws", () => {
    let ones = 0;
    let bits = 0;
    for (let i = 0; i < 500; i++) {
      for (const byte of freshBytes(32)) {
        for (let bit = 0; bit < 8; bit++) ones += (byte >> bit) & 1;
        bits += 8;
      }
    }
    const share = ones / bits;
    assert.ok(share > 0.48 && share < 0.52, `share of ones ${share}`);
  });

  it("C70 a large draw comes straight from the generator; a bad size is refused", () => {
    assert.equal(freshBytes(1000).length, 1000);
    assert.equal(freshBytes(0).length, 0);
    assert.throws(() => freshBytes(-1), RangeError);
    assert.throws(() => freshBytes(1.5), RangeError);
  });
});
