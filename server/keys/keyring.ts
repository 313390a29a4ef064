import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
} from "node:crypto";
import { freshBytes } from "./fresh-bytes.ts";
import fs from "node:fs";
import path from "node:path";

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

export type Keyring = {
  /** The KEK new data keys are wrapped with. */
  currentKekId: string;
  kekIds: string[];
  /** A fresh data key wrapped by the current KEK, bound to `context` (what it protects). */
  newDataKey(context: string): { kekId: string; wrapped: Buffer; key: Buffer };
  /**
   * A data key made elsewhere wrapped by the current KEK, bound to `context`: for a content sealed as it streams in,
   * whose context (its object key) is known only at its end.
   */
  wrapDataKey(key: Buffer, context: string): { kekId: string; wrapped: Buffer };
  /** The data key `wrapped` holds; throws if the KEK is unknown or the wrapping was altered or moved. */
  unwrap(kekId: string, wrapped: Buffer, context: string): Buffer;
  /** The same data key wrapped by the current KEK. */
  rewrap(kekId: string, wrapped: Buffer, context: string): { kekId: string; wrapped: Buffer };
  /** A keyed hash (hex) of `value` under the index key, in the named space ("email", "file"). */
  blindIndex(space: string, value: string): string;
};

type KekEntry = { id: string; key?: string; pkcs11?: { label: string }; createdAt: string };

/** The index key wrapped by a KEK a token holds: the IV, then the key encrypted and its tag, in base64. */
type WrappedIndexKey = { pkcs11: { label: string }; wrapped: string };

type KeyringFile = {
  version: 1;
  current: string;
  keks: KekEntry[];
  indexKey: string | WrappedIndexKey;
};

/**
 * Key-encryption keys held in a PKCS#11 token (./hsm-keks.ts): the keyring file names them by label and the token
 * wraps and unwraps with them (AES-256-GCM), so they are never in the file or the process.
 */
export interface HsmKeks {
  /** `iv`, then the data key encrypted and its 16-byte tag, as the token's CKM_AES_GCM gives them. */
  encrypt(label: string, iv: Buffer, aad: Buffer, data: Buffer): Buffer;
  decrypt(label: string, iv: Buffer, aad: Buffer, sealed: Buffer): Buffer;
}

export class KeyringError extends Error {}

/** Checks only the file's shape: a key held in a token is never used through this. */
const SHAPE_ONLY: HsmKeks = {
  encrypt: () => {
    throw new KeyringError("not opened with its token");
  },
  decrypt: () => {
    throw new KeyringError("not opened with its token");
  },
};

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** What a wrapped index key is bound to, so no data key's wrapping opens as one. */
const INDEX_KEY_AAD = Buffer.from("tokenrail index key", "utf8");
const PKCS11_SETTINGS = "set TOKENRAIL_PKCS11_LIBRARY, TOKENRAIL_PKCS11_TOKEN_LABEL and TOKENRAIL_PKCS11_PIN";

function decodeKey(value: unknown, what: string): Buffer {
  const key = typeof value === "string" ? Buffer.from(value, "base64") : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) throw new KeyringError(`${what}: not ${KEY_BYTES} bytes in base64`);
  return key;
}

/** The label of the token key that wraps the index key, when one does. */
function indexKeyLabel(file: Partial<KeyringFile>): string | undefined {
  const key = file.indexKey;
  return key && typeof key === "object" && typeof key.pkcs11?.label === "string" ? key.pkcs11.label : undefined;
}

/**
 * The labels of the keys held in a PKCS#11 token that the keyring in `text` names, its KEKs' and the one wrapping its
 * index key (none: it needs no token).
 */
export function hsmKeyLabels(text: string): string[] {
  try {
    const file = JSON.parse(text) as Partial<KeyringFile>;
    const keks = Array.isArray(file.keks)
      ? file.keks.flatMap((k) => (typeof k?.pkcs11?.label === "string" ? [k.pkcs11.label] : []))
      : [];
    const index = indexKeyLabel(file);
    return [...new Set([...keks, ...(index ? [index] : [])])];
  } catch {
    return [];
  }
}

/** `key` (the index key) wrapped by the token's key `label`, as the file keeps it. */
function wrapIndexKey(hsm: HsmKeks, label: string, key: Buffer): WrappedIndexKey {
  const iv = randomBytes(IV_BYTES);
  const wrapped = Buffer.concat([iv, hsm.encrypt(label, iv, INDEX_KEY_AAD, key)]);
  return { pkcs11: { label }, wrapped: wrapped.toString("base64") };
}

/** The index key the file keeps: in base64, or wrapped by a token's key and unwrapped by the token. */
function readIndexKey(value: unknown, source: string, hsm?: HsmKeks): Buffer {
  if (value === null || typeof value !== "object") return decodeKey(value, `${source}: index key`);
  const { pkcs11, wrapped } = value as Partial<WrappedIndexKey>;
  const label = pkcs11?.label;
  if (typeof label !== "string" || label.length === 0 || label.length > 64 || typeof wrapped !== "string") {
    throw new KeyringError(`${source}: index key: neither ${KEY_BYTES} bytes in base64 nor wrapped by a token key`);
  }
  if (!hsm)
    throw new KeyringError(`${source}: the index key is wrapped by a key held in a PKCS#11 token; ${PKCS11_SETTINGS}`);
  if (hsm === SHAPE_ONLY) return Buffer.alloc(KEY_BYTES);
  const bytes = Buffer.from(wrapped, "base64");
  let key: Buffer;
  try {
    key = hsm.decrypt(label, bytes.subarray(0, IV_BYTES), INDEX_KEY_AAD, bytes.subarray(IV_BYTES));
  } catch (error) {
    throw new KeyringError(`${source}: the token refused to unwrap the index key (${(error as Error).message})`);
  }
  if (key.length !== KEY_BYTES) throw new KeyringError(`${source}: the index key unwrapped is not ${KEY_BYTES} bytes`);
  return key;
}

type Kek = {
  wrap(key: Buffer, aad: Buffer): Buffer;
  unwrap(wrapped: Buffer, aad: Buffer): Buffer;
};

function localKek(key: Buffer): Kek {
  // A key object made once: Node 24 makes one of a raw key's bytes at every cipher, at about three times its cost.
  const secret = createSecretKey(key);
  return {
    wrap(data, aad) {
      const iv = freshBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", secret, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(data), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    unwrap(wrapped, aad) {
      const decipher = createDecipheriv("aes-256-gcm", secret, wrapped.subarray(0, IV_BYTES));
      decipher.setAAD(aad);
      decipher.setAuthTag(wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    },
  };
}

function hsmKek(hsm: HsmKeks, label: string): Kek {
  return {
    wrap(data, aad) {
      const iv = freshBytes(IV_BYTES);
      return Buffer.concat([iv, hsm.encrypt(label, iv, aad, data)]);
    },
    unwrap(wrapped, aad) {
      try {
        return hsm.decrypt(label, wrapped.subarray(0, IV_BYTES), aad, wrapped.subarray(IV_BYTES));
      } catch (error) {
        throw new KeyringError(`the token refused to unwrap a data key (${(error as Error).message})`);
      }
    },
  };
}

export function parseKeyring(text: string, source: string, hsm?: HsmKeks): Keyring {
  let file: Partial<KeyringFile>;
  try {
    file = JSON.parse(text) as Partial<KeyringFile>;
  } catch {
    throw new KeyringError(`${source}: not JSON`);
  }
  if (file.version !== 1 || !Array.isArray(file.keks) || file.keks.length === 0 || typeof file.current !== "string") {
    throw new KeyringError(`${source}: not a version 1 keyring with at least one key-encryption key`);
  }
  const keks = new Map<string, Kek>();
  for (const kek of file.keks) {
    if (!kek || typeof kek.id !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(kek.id)) {
      throw new KeyringError(`${source}: a key-encryption key without a valid id`);
    }
    if (kek.pkcs11 !== undefined) {
      const label = kek.pkcs11?.label;
      if (typeof label !== "string" || label.length === 0 || label.length > 64) {
        throw new KeyringError(`${source}: key ${kek.id} names no token key label`);
      }
      if (!hsm) throw new KeyringError(`${source}: key ${kek.id} is held in a PKCS#11 token; ${PKCS11_SETTINGS}`);
      keks.set(kek.id, hsmKek(hsm, label));
    } else {
      keks.set(kek.id, localKek(decodeKey(kek.key, `${source}: key ${kek.id}`)));
    }
  }
  if (!keks.has(file.current)) throw new KeyringError(`${source}: the current key ${file.current} is not in it`);
  return makeKeyring(file.current, keks, readIndexKey(file.indexKey, source, hsm));
}

function makeKeyring(currentKekId: string, keks: Map<string, Kek>, indexKey: Buffer): Keyring {
  const index = createSecretKey(indexKey);
  const kek = (id: string) => {
    const found = keks.get(id);
    if (!found) throw new KeyringError(`key-encryption key ${id} is not in the keyring`);
    return found;
  };
  const aad = (context: string) => Buffer.from(`tokenrail data key\0${context}`, "utf8");
  const wrap = (key: Buffer, context: string) => ({
    kekId: currentKekId,
    wrapped: kek(currentKekId).wrap(key, aad(context)),
  });
  const unwrap = (kekId: string, wrapped: Buffer, context: string) => {
    if (wrapped.length !== IV_BYTES + TAG_BYTES + KEY_BYTES) throw new KeyringError("a wrapped data key of bad length");
    return kek(kekId).unwrap(wrapped, aad(context));
  };
  return {
    currentKekId,
    kekIds: [...keks.keys()],
    newDataKey(context) {
      const key = freshBytes(KEY_BYTES);
      return { ...wrap(key, context), key };
    },
    wrapDataKey: wrap,
    unwrap,
    rewrap: (kekId, wrapped, context) => wrap(unwrap(kekId, wrapped, context), context),
    blindIndex: (space, value) => createHmac("sha256", index).update(`${space}\0${value}`, "utf8").digest("hex"),
  };
}

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
