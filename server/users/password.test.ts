import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hashPassword, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("stores scrypt hashes that verify the right password only", async () => {
    const stored = await hashPassword("correct horse battery staple");
    assert.match(stored, /^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    assert.ok(!stored.includes("correct horse"));
    assert.equal(await verifyPassword("correct horse battery staple", stored), true);
    assert.equal(await verifyPassword("correct horse battery stapler", stored), false);
    assert.equal(await verifyPassword("anything", null), false);
    assert.notEqual(await hashPassword("correct horse battery staple"), stored, "salted");
  });
});
