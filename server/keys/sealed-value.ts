import { createCipheriv, createDecipheriv, createSecretKey } from "node:crypto";
import { freshBytes } from "./fresh-bytes.ts";
import { getConfig } from "../config.ts";
import { instanceKeyring } from "./instance-keyring.ts";
import type { Keyring } from "./keyring.ts";

/*
 * A record of personal data sealed at rest (C70): the value (JSON) encrypted with a data key of its own
 * (AES-256-GCM), the data key wrapped by the keyring's key-encryption key, both kept in the column itself as
 * `{"sealed":"v1.<kek id>.<wrapped key>.<iv>.<ciphertext and tag>"}` (base64url), bound (additional data) to what
 * the column is. It stays a JSON value, so a JSON column keeps its type and a database dump shows nothing of it.
 * A value written before sealing began is read as it is until `seal-plain-records.ts` has sealed it.
 */

export type Sealed = { sealed: string };

export function isSealed(value: unknown): value is Sealed {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { sealed?: unknown }).sealed === "string" &&
    ((value as Sealed).sealed.startsWith("v1.") || isUnderSubjectKey((value as Sealed).sealed))
  );
}

/**
 * Whether a sealed value's data key is wrapped by a data subject's own key (`s1.<subject key id>.…`,
 * ./subject-keys.ts) rather than by the keyring: it opens only with that key, and not at all once it is destroyed.
 */
export function isUnderSubjectKey(sealed: string): boolean {
  return sealed.startsWith("s1.");
}

export class SealedValueError extends Error {}

/** Seals `value` for the column named by `context` (`"ProfileSubmission.data"`). */
export function sealValue(value: unknown, context: string, keyring: Keyring = instanceKeyring(getConfig())): Sealed {
  const { key, kekId, wrapped } = keyring.newDataKey(context);
  const { iv, body } = encryptValue(value, context, key);
  return { sealed: ["v1", kekId, ...[wrapped, iv, body].map((b) => b.toString("base64url"))].join(".") };
}

/** `value` (JSON) encrypted with the data key `key`, bound to `context`: the iv, and the ciphertext with its tag. */
export function encryptValue(value: unknown, context: string, key: Buffer): { iv: Buffer; body: Buffer } {
  const iv = freshBytes(12);
  // As a key object: Node 24 makes one of raw bytes itself at every cipher, at about twice the cost.
  const cipher = createCipheriv("aes-256-gcm", createSecretKey(key), iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final(), cipher.getAuthTag()]);
  return { iv, body };
}

/** What `encryptValue` sealed, from its iv and body in base64url; throws if either was altered or moved. */
export function decryptValue<T>(iv: string, body: string, context: string, key: Buffer): T {
  const bytes = Buffer.from(body, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", createSecretKey(key), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  const text = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString();
  return JSON.parse(text) as T;
}

/**
 * What a column of personal data is given: `value` sealed, or as it is in a benchmark's baseline
 * (`TOKENRAIL_SEAL_AT_REST=off`, refused in production; ./key-settings.ts).
 */
export function sealAtRest<T>(value: T, context: string): Sealed | T {
  const config = getConfig();
  return config.keys.sealAtRest ? sealValue(value, context, instanceKeyring(config)) : value;
}

/**
 * The value a column holds: opened when sealed, as it is when written before sealing began. A value sealed under a
 * data subject's key opens only through ./subject-keys.ts (`openRecord`), which has the subject's key at hand.
 */
export function openValue<T = unknown>(
  stored: unknown,
  context: string,
  keyring: Keyring = instanceKeyring(getConfig()),
): T {
  if (!isSealed(stored)) return stored as T;
  if (isUnderSubjectKey(stored.sealed)) {
    throw new SealedValueError(`a ${context} sealed under a subject's key is opened with that key`);
  }
  const [, kekId, wrapped, iv, body] = stored.sealed.split(".");
  if (!kekId || !wrapped || !iv || !body) throw new SealedValueError(`a sealed ${context} is malformed`);
  const key = keyring.unwrap(kekId, Buffer.from(wrapped, "base64url"), context);
  return decryptValue<T>(iv, body, context, key);
}

/** The key-encryption key a sealed value's data key is wrapped with, or undefined for a plain value. */
export function sealedUnder(stored: unknown): string | undefined {
  return isSealed(stored) && !isUnderSubjectKey(stored.sealed) ? stored.sealed.split(".")[1] : undefined;
}

/** The same sealed value with its data key re-wrapped under the keyring's current key-encryption key (rotation). */
export function rewrapValue(stored: Sealed, context: string, keyring: Keyring = instanceKeyring(getConfig())): Sealed {
  const [version, kekId, wrapped, iv, body] = stored.sealed.split(".");
  if (version !== "v1" || !kekId || !wrapped || !iv || !body) {
    throw new SealedValueError(`a sealed ${context} is malformed`);
  }
  const next = keyring.rewrap(kekId, Buffer.from(wrapped, "base64url"), context);
  return { sealed: ["v1", next.kekId, next.wrapped.toString("base64url"), iv, body].join(".") };
}

/** Whether a stored value is still in plain text. */
export function isPlain(stored: unknown): boolean {
  return !isSealed(stored);
}
