import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { statementName } from "./driver.ts";

describe("prepared statement names (issue 16)", () => {
  it("one name per SQL text, the same each time; after 500 distinct texts the rest go unnamed", () => {
    const first = statementName("SELECT 1");
    assert.match(first, /^tr_[A-Za-z0-9_-]{24}$/);
    assert.equal(statementName("SELECT 1"), first);
    assert.notEqual(statementName("SELECT 2"), first);
    for (let i = 0; i < 600; i++) statementName(`SELECT ${i} AS n`);
    assert.equal(statementName("SELECT 'not seen before'"), "");
    assert.equal(statementName("SELECT 1"), first, "a name already given stays");
  });
});
