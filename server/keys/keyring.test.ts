import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { readKeyring } from "./keyring.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

// The sandbox's keyring (C70): made in each instance's data directory, and the same wherever the secret is.
const scratch = () => scratchDir("tokenrail-keyring-test-");

describe("C70 the sandbox's keyring", () => {
  it("C70 two instances sharing a secret make the same keyring in their own data directories: one opens what the other wrapped", () => {
    const secret = "a-shared-deployment-secret-of-32-characters-or-more";
    const a = readKeyring(path.join(scratch(), "keyring.json"), { create: true, from: secret });
    const b = readKeyring(path.join(scratch(), "keyring.json"), { create: true, from: secret });
    assert.equal(a.currentKekId, b.currentKekId);
    const key = a.newDataKey("submission data");
    assert.deepEqual(b.unwrap(key.kekId, key.wrapped, "submission data"), key.key);
    assert.equal(a.blindIndex("email", "erika@example.com"), b.blindIndex("email", "erika@example.com"));
    assert.throws(() => b.unwrap(key.kekId, key.wrapped, "another context"), "bound to what it protects");
  });

  it("C70 another secret makes another keyring, which opens nothing of the first", () => {
    const a = readKeyring(path.join(scratch(), "keyring.json"), { create: true, from: "x".repeat(40) });
    const b = readKeyring(path.join(scratch(), "keyring.json"), { create: true, from: "y".repeat(40) });
    assert.notEqual(a.currentKekId, b.currentKekId);
    assert.notEqual(a.blindIndex("email", "e@example.com"), b.blindIndex("email", "e@example.com"));
    const key = a.newDataKey("c");
    assert.throws(() => b.unwrap(key.kekId, key.wrapped, "c"));
  });

  it("C70 a keyring already in the data directory is read as it is, and a random one is made without a secret", () => {
    const file = path.join(scratch(), "keyring.json");
    const random = readKeyring(file, { create: true });
    assert.match(random.currentKekId, /^kek-/);
    const again = readKeyring(file, { create: true, from: "z".repeat(40) });
    assert.equal(again.currentKekId, random.currentKekId, "an existing keyring is never replaced");
    assert.equal((fs.statSync(file).mode & 0o777).toString(8), "600");
  });

  it("C70 a named keyring that does not exist is never made", () => {
    assert.throws(() => readKeyring(path.join(scratch(), "missing.json"), { create: false }), /cannot be read/);
  });
});
