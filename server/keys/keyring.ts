import { createHash, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { KEY_BYTES, KeyringError, SHAPE_ONLY, readIndexKey, wrapIndexKey, type HsmKeks } from "./kek-wrapping.ts";
import { indexKeyLabel, parseKeyring, type KekEntry, type Keyring, type KeyringFile } from "./parse-keyring.ts";

/**
 * The keys that protect personal data at rest, from a keyring file: key-encryption keys (KEKs), which wrap each
 * record's or file's own data key, and one index key, which makes the keyed hashes (blind indexes) that stand in for
 * values that must still be found. The database and the file store never hold these keys; a backup of them alone
 * cannot be read. The newest KEK wraps new data keys; older ones stay to unwrap until rotation has re-wrapped every
 * data key under the newest (`rewrap-data-keys.ts`).
 *
 * The file: `{"version":1,"current":"<id>","keks":[{"id","key","createdAt"}],"indexKey":"<base64>"}`, keys of 32
 * random bytes in base64. The sandbox creates one in its data directory, derived from its secret; production names its
 * own (key settings). A KEK held in a PKCS#11 token is named by label instead (`{"id","pkcs11":{"label"},…}`); once the
 * keyring has one, its index key is kept wrapped by it (`"indexKey":{"pkcs11":{"label"},"wrapped":"<base64>"}`),
 * unwrapped by the token when the keyring is opened and held in memory only.
 */

export { KeyringError, type HsmKeks } from "./kek-wrapping.ts";
export { hsmKeyLabels, parseKeyring, type Keyring } from "./parse-keyring.ts";

function newKekEntry(): KekEntry {
  return {
    id: newKekId(),
    key: randomBytes(KEY_BYTES).toString("base64"),
    createdAt: new Date().toISOString(),
  };
}

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "tokenrail", label, KEY_BYTES));
}

function derivedKekEntry(secret: string): KekEntry {
  const key = derive(secret, "keyring key-encryption key v1");
  // The id names the key without revealing it, and is the same wherever the secret is.
  const id = `derived-${createHash("sha256").update(key).digest("hex").slice(0, 12)}`;
  return { id, key: key.toString("base64"), createdAt: new Date().toISOString() };
}

/** Writes `file` atomically (beside it, then renamed), readable by the owner only. */
function writeKeyringFile(file: string, content: KeyringFile, exclusive: boolean): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = `${JSON.stringify(content, null, 2)}\n`;
  if (exclusive) {
    fs.writeFileSync(file, text, { mode: 0o600, flag: "wx" });
    return;
  }
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temporary, text, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/**
 * The keyring in `file`; with `create`, a new one is made there first if there is none (the sandbox's). A keyring
 * made `from` a secret holds keys derived from it (HKDF-SHA256), so every instance of a deployment that shares the
 * secret makes the same keyring in its own data directory and reads what the others sealed.
 */
export function readKeyring(file: string, options: { create: boolean; from?: string; hsm?: HsmKeks }): Keyring {
  if (options.create && !fs.existsSync(file)) {
    const kek = options.from ? derivedKekEntry(options.from) : newKekEntry();
    const indexKey = options.from ? derive(options.from, "keyring index key v1") : randomBytes(KEY_BYTES);
    try {
      writeKeyringFile(file, { version: 1, current: kek.id, keks: [kek], indexKey: indexKey.toString("base64") }, true);
    } catch (error) {
      // Another process made it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new KeyringError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  return parseKeyring(text, file, options.hsm);
}

/** A new KEK's name: the day it was made and a few random bytes (also the label of one made in a token). */
export function newKekId(): string {
  return `kek-${new Date().toISOString().slice(0, 10)}-${randomBytes(3).toString("hex")}`;
}

/**
 * Writes a new keyring whose first KEK is held in a token under `label` (`npm run keys:create -- <file> --pkcs11`),
 * with a new index key wrapped by it (`hsm`, the token opened with that key).
 */
export function createHsmKeyring(file: string, label: string, hsm: HsmKeks): string {
  const entry: KekEntry = { id: label, pkcs11: { label }, createdAt: new Date().toISOString() };
  const content: KeyringFile = {
    version: 1,
    current: label,
    keks: [entry],
    indexKey: wrapIndexKey(hsm, label, randomBytes(KEY_BYTES)),
  };
  parseKeyring(JSON.stringify(content), file, SHAPE_ONLY);
  writeKeyringFile(file, content, true);
  return label;
}

/**
 * Adds a new KEK to the keyring file and makes it current; the older ones stay for unwrapping until every data key
 * is re-wrapped. Returns the new key's id. Every instance must read the new file before rotation starts. A KEK held
 * in a token (`pkcs11Label`) wraps the index key from then on: `hsm` is the token opened with it and with the key
 * that wraps the index key now, if one does. The index key itself never changes.
 */
export function addKeyEncryptionKey(file: string, options: { pkcs11Label?: string; hsm?: HsmKeks } = {}): string {
  const content = JSON.parse(fs.readFileSync(file, "utf8")) as KeyringFile;
  parseKeyring(JSON.stringify(content), file, SHAPE_ONLY);
  const label = options.pkcs11Label;
  if (label && !options.hsm) throw new KeyringError(`${file}: a key in a token is added with the token opened`);
  const kek: KekEntry = label ? { id: label, pkcs11: { label }, createdAt: new Date().toISOString() } : newKekEntry();
  const indexKey =
    label && options.hsm
      ? wrapIndexKey(options.hsm, label, readIndexKey(content.indexKey, file, options.hsm))
      : content.indexKey;
  writeKeyringFile(file, { ...content, current: kek.id, keks: [...content.keks, kek], indexKey }, false);
  return kek.id;
}

/**
 * Removes KEKs no data key is wrapped with any more (after rotation), keeping the current one and the one that wraps
 * the index key.
 */
export function retireKeyEncryptionKeys(file: string, stillUsed: Set<string>): string[] {
  const content = JSON.parse(fs.readFileSync(file, "utf8")) as KeyringFile;
  const index = indexKeyLabel(content);
  const retired = content.keks
    .filter((k) => k.id !== content.current && !stillUsed.has(k.id) && (!index || k.pkcs11?.label !== index))
    .map((k) => k.id);
  if (retired.length === 0) return [];
  writeKeyringFile(file, { ...content, keks: content.keks.filter((k) => !retired.includes(k.id)) }, false);
  return retired;
}
