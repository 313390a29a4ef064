import { createHmac, createSecretKey } from "node:crypto";
import { freshBytes } from "./fresh-bytes.ts";
import {
  IV_BYTES,
  KEY_BYTES,
  KeyringError,
  PKCS11_SETTINGS,
  TAG_BYTES,
  decodeKey,
  hsmKek,
  localKek,
  readIndexKey,
  type HsmKeks,
  type Kek,
  type WrappedIndexKey,
} from "./kek-wrapping.ts";

/*
 * A keyring file's text read into a Keyring (the format is described in ./keyring.ts): every key-encryption key
 * checked and made ready to wrap, the index key read or unwrapped, nothing written.
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

export type KekEntry = { id: string; key?: string; pkcs11?: { label: string }; createdAt: string };

export type KeyringFile = {
  version: 1;
  current: string;
  keks: KekEntry[];
  indexKey: string | WrappedIndexKey;
};

/** The label of the token key that wraps the index key, when one does. */
export function indexKeyLabel(file: Partial<KeyringFile>): string | undefined {
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
