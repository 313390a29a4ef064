import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { CK } from "../chains/signers/pkcs11-api.ts";
import { findObjects, openToken } from "../chains/signers/pkcs11-token.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { initToken, PIN, skipWithoutSoftHsm, SOFTHSM_LIBRARY, softhsmDir, softhsmMissing } from "../testing/softhsm.ts";
import { forgetKeyrings, instanceKeyring, openInstanceKeyring } from "./instance-keyring.ts";
import { retireKeyEncryptionKeys } from "./keyring.ts";
import { openValue, sealedUnder, sealValue, rewrapValue } from "./sealed-value.ts";

// Key-encryption keys held in a PKCS#11 token (C70) on SoftHSM2: made by `npm run keys:create`/`keys:rotate` with
// `--pkcs11`, opened as an instance opens its keyring at start.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
let hsm: ReturnType<typeof softhsmDir> | undefined;

const token = (label = "keys") => ({
  TOKENRAIL_PKCS11_LIBRARY: SOFTHSM_LIBRARY,
  TOKENRAIL_PKCS11_TOKEN_LABEL: label,
  TOKENRAIL_PKCS11_PIN: PIN,
});

/** Runs one of the key scripts as an operator would; returns what it printed. */
function script(name: string, args: string[], env: Record<string, string> = token()): string {
  return execFileSync(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

const configFor = (file: string, env: Record<string, string> = token()) =>
  loadConfig({ TOKENRAIL_DATA_DIR: hsm!.dir, TOKENRAIL_KEYRING_FILE: file, ...env });

async function refused(file: string, env: Record<string, string>, problem: RegExp) {
  forgetKeyrings();
  await assert.rejects(
    () => openInstanceKeyring(configFor(file, env)),
    (error: unknown) => error instanceof ConfigError && problem.test(error.message),
  );
}

describe("C70 key-encryption keys in an HSM (SoftHSM2)", () => {
  before(async () => {
    if (await softhsmMissing()) return;
    hsm = softhsmDir();
    initToken("keys");
  });
  after(() => {
    forgetKeyrings();
    hsm?.remove();
  });

  it("C70 keys:create --pkcs11 makes the key in the token, never in the file; values seal and open through it, bound to their column", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    const file = path.join(hsm!.dir, "keyring.json");
    assert.match(script("keys-create", [file, "--pkcs11"]), /generated in the token "keys"/);
    const content = JSON.parse(fs.readFileSync(file, "utf8")) as { current: string; keks: Record<string, unknown>[] };
    assert.deepEqual(Object.keys(content.keks[0]!).sort(), ["createdAt", "id", "pkcs11"]);
    assert.equal(content.keks[0]!.key, undefined, "no key material in the file");

    forgetKeyrings();
    const keyring = await openInstanceKeyring(configFor(file));
    assert.equal(keyring.currentKekId, content.current);
    const value = { firstName: "Erika", lastName: "Mustermann", birthday: "1964-08-12" };
    const sealed = sealValue(value, "ProfileSubmission.data", keyring);
    assert.equal(sealedUnder(sealed), content.current);
    assert.deepEqual(openValue(sealed, "ProfileSubmission.data", keyring), value);
    assert.throws(() => openValue(sealed, "Order.counterpart", keyring), "bound to its column");
    assert.equal(instanceKeyring(configFor(file)), keyring, "the instance's keyring is the one opened at start");

    // The token holds it as a secret key it will neither reveal nor export.
    const session = await openToken({ library: SOFTHSM_LIBRARY, tokenLabel: "keys", keyLabel: "", pin: PIN });
    try {
      const [key] = findObjects(session, [{ type: CK.CKA_LABEL, value: content.current }]);
      assert.ok(key);
      assert.throws(() => session.pkcs11.C_GetAttributeValue(session.session, key, [{ type: CK.CKA_VALUE }]));
    } finally {
      session.close();
    }
  });

  it("C70 a keyring whose key is in a token is refused at start without the token, with a wrong PIN or without the key", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    const file = path.join(hsm!.dir, "refused.json");
    script("keys-create", [file, "--pkcs11"]);
    await refused(file, {}, /TOKENRAIL_KEYRING_FILE: .* held in a PKCS#11 token; set TOKENRAIL_PKCS11_LIBRARY/);
    await refused(
      file,
      { ...token(), TOKENRAIL_PKCS11_PIN: "0000" },
      /TOKENRAIL_PKCS11_PIN: the token "keys" refused the PIN/,
    );
    await refused(file, token("absent"), /TOKENRAIL_PKCS11_TOKEN_LABEL: no token labelled "absent"/);
    initToken("empty");
    await refused(file, token("empty"), /TOKENRAIL_KEYRING_FILE: the token has no secret key labelled "kek-/);
  });

  it("C70 rotating from a key in the file to one in the token: the old still opens, the re-wrap moves every value under the token's key", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    const file = path.join(hsm!.dir, "rotated.json");
    script("keys-create", [file], {});
    forgetKeyrings();
    const before = await openInstanceKeyring(configFor(file));
    const values = Array.from({ length: 20 }, (_, i) => ({ n: i, name: `Erika ${i}` }));
    const sealed = values.map((v) => sealValue(v, "ProfileSubmission.data", before));

    assert.match(script("keys-rotate", [file, "--pkcs11"]), /added to .* and made current/);
    forgetKeyrings();
    const after = await openInstanceKeyring(configFor(file));
    assert.notEqual(after.currentKekId, before.currentKekId);
    assert.equal(after.kekIds.length, 2);
    const rewrapped = sealed.map((s) => rewrapValue(s, "ProfileSubmission.data", after));
    for (const [i, s] of rewrapped.entries()) {
      assert.equal(sealedUnder(s), after.currentKekId);
      assert.deepEqual(openValue(s, "ProfileSubmission.data", after), values[i]);
      assert.deepEqual(openValue(sealed[i], "ProfileSubmission.data", after), values[i], "the old key still opens");
    }
    // A wrapped key altered by one bit is refused by the token.
    const parts = rewrapped[0]!.sealed.split(".");
    const wrapped = Buffer.from(parts[2]!, "base64url");
    wrapped[20] = wrapped[20]! ^ 1;
    parts[2] = wrapped.toString("base64url");
    assert.throws(() => openValue({ sealed: parts.join(".") }, "ProfileSubmission.data", after));
  });

  it("C70 with a key in the token, the index key is kept wrapped by it in the file and unwrapped at start; rotations and retiring keep it", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    type IndexKey = string | { pkcs11: { label: string }; wrapped: string };
    const stored = (file: string) =>
      JSON.parse(fs.readFileSync(file, "utf8")) as { current: string; keks: { id: string }[]; indexKey: IndexKey };
    const opened = async (file: string) => {
      forgetKeyrings();
      return openInstanceKeyring(configFor(file));
    };
    const ADDRESS = "erika.mustermann@example.com";

    // Made in the token: the file keeps the index key wrapped by the token's key, never the key itself.
    const made = path.join(hsm!.dir, "index-made.json");
    script("keys-create", [made, "--pkcs11"]);
    const content = stored(made);
    assert.equal(typeof content.indexKey, "object");
    const wrapped = content.indexKey as Exclude<IndexKey, string>;
    assert.equal(wrapped.pkcs11.label, content.current);
    assert.equal(Buffer.from(wrapped.wrapped, "base64").length, 12 + 32 + 16, "an IV, the key encrypted, its tag");
    const index = (await opened(made)).blindIndex("User.email", ADDRESS);
    assert.match(index, /^[0-9a-f]{64}$/);
    assert.equal((await opened(made)).blindIndex("User.email", ADDRESS), index, "the same key at every start");
    // Without the token, or with the wrapped key altered, the start is refused.
    await refused(made, {}, /TOKENRAIL_KEYRING_FILE: .* held in a PKCS#11 token; set TOKENRAIL_PKCS11_LIBRARY/);
    const altered = path.join(hsm!.dir, "index-altered.json");
    const bytes = Buffer.from(wrapped.wrapped, "base64");
    bytes[20] = bytes[20]! ^ 1;
    fs.writeFileSync(
      altered,
      JSON.stringify({ ...content, indexKey: { ...wrapped, wrapped: bytes.toString("base64") } }),
    );
    await refused(altered, token(), /TOKENRAIL_KEYRING_FILE: .*the token refused to unwrap the index key/);

    // A keyring in the file moves into the token by one rotation, its index key with it, unchanged.
    const moved = path.join(hsm!.dir, "index-moved.json");
    script("keys-create", [moved], {});
    const plainKey = stored(moved).indexKey;
    assert.equal(typeof plainKey, "string");
    const before = (await opened(moved)).blindIndex("User.email", ADDRESS);
    script("keys-rotate", [moved, "--pkcs11"]);
    const rotated = stored(moved);
    assert.deepEqual(typeof rotated.indexKey === "object" ? rotated.indexKey.pkcs11 : rotated.indexKey, {
      label: rotated.current,
    });
    assert.equal(fs.readFileSync(moved, "utf8").includes(plainKey as string), false, "the plain index key is gone");
    assert.equal((await opened(moved)).blindIndex("User.email", ADDRESS), before);
    // Retiring the file's old key leaves the index key; a further token key wraps it anew, and the older one retires.
    assert.equal(retireKeyEncryptionKeys(moved, new Set()).length, 1);
    assert.equal((await opened(moved)).blindIndex("User.email", ADDRESS), before);
    script("keys-rotate", [moved, "--pkcs11"]);
    const again = stored(moved);
    assert.notEqual(again.current, rotated.current);
    assert.deepEqual(typeof again.indexKey === "object" ? again.indexKey.pkcs11 : null, { label: again.current });
    assert.deepEqual(retireKeyEncryptionKeys(moved, new Set()), [rotated.current]);
    assert.equal((await opened(moved)).blindIndex("User.email", ADDRESS), before);
    assert.deepEqual(
      stored(moved).keks.map((k) => k.id),
      [again.current],
    );
    // Rotated back to a key in the file, the token's key still wraps the index key, so it is never retired.
    script("keys-rotate", [moved]);
    assert.deepEqual(retireKeyEncryptionKeys(moved, new Set()), []);
    assert.equal(stored(moved).keks.length, 2);
    assert.equal((await opened(moved)).blindIndex("User.email", ADDRESS), before);
  });
});
