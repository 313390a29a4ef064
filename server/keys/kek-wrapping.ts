import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from "node:crypto";
import { freshBytes } from "./fresh-bytes.ts";

/*
 * The keyring's key-encryption keys at work (./keyring.ts): one held in the keyring file wraps with AES-256-GCM here,
 * one held in a PKCS#11 token has the token wrap; and the index key kept wrapped by a token's key.
 */

/** The index key wrapped by a KEK a token holds: the IV, then the key encrypted and its tag, in base64. */
export type WrappedIndexKey = { pkcs11: { label: string }; wrapped: string };

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
export const SHAPE_ONLY: HsmKeks = {
  encrypt: () => {
    throw new KeyringError("not opened with its token");
  },
  decrypt: () => {
    throw new KeyringError("not opened with its token");
  },
};

export const KEY_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;
/** What a wrapped index key is bound to, so no data key's wrapping opens as one. */
const INDEX_KEY_AAD = Buffer.from("tokenrail index key", "utf8");
export const PKCS11_SETTINGS = "set TOKENRAIL_PKCS11_LIBRARY, TOKENRAIL_PKCS11_TOKEN_LABEL and TOKENRAIL_PKCS11_PIN";

export function decodeKey(value: unknown, what: string): Buffer {
  const key = typeof value === "string" ? Buffer.from(value, "base64") : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) throw new KeyringError(`${what}: not ${KEY_BYTES} bytes in base64`);
  return key;
}

/** `key` (the index key) wrapped by the token's key `label`, as the file keeps it. */
export function wrapIndexKey(hsm: HsmKeks, label: string, key: Buffer): WrappedIndexKey {
  const iv = randomBytes(IV_BYTES);
  const wrapped = Buffer.concat([iv, hsm.encrypt(label, iv, INDEX_KEY_AAD, key)]);
  return { pkcs11: { label }, wrapped: wrapped.toString("base64") };
}

/** The index key the file keeps: in base64, or wrapped by a token's key and unwrapped by the token. */
export function readIndexKey(value: unknown, source: string, hsm?: HsmKeks): Buffer {
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

export type Kek = {
  wrap(key: Buffer, aad: Buffer): Buffer;
  unwrap(wrapped: Buffer, aad: Buffer): Buffer;
};

export function localKek(key: Buffer): Kek {
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

export function hsmKek(hsm: HsmKeks, label: string): Kek {
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
