import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, randomUUID } from "node:crypto";
import { freshBytes } from "./fresh-bytes.ts";
import { getConfig } from "../config.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { instanceKeyring } from "./instance-keyring.ts";
import type { Keyring } from "./keyring.ts";
import { SUBJECT_KEY } from "./subject-key-column.ts";
import {
  SealedValueError,
  decryptValue,
  encryptValue,
  isSealed,
  isUnderSubjectKey,
  openValue,
  sealValue,
  type Sealed,
} from "./sealed-value.ts";

/*
 * Crypto-shredding (C71). The audit log and the operators' approvals are append-only, so erasing a customer cannot
 * change what they say of them. Instead, every value they hold about a data subject (a profile, or a person) is sealed
 * under a key of that subject's own: `{"sealed":"s1.<subject key id>.<wrapped data key>.<iv>.<ciphertext>"}`, the
 * value's data key wrapped by the subject's key rather than by the keyring. The subject's key is a row of
 * `SubjectKey`, made when first needed and itself sealed under the keyring like any sealed column (so rotation
 * re-wraps it with the rest). Erasure destroys it in its own transaction: the rows, their order and the books stay,
 * and what they said of the subject opens to nothing anyone holds. A reader shows `ERASED` in its place.
 */

/** What stands where a value of an erased subject was (or a name, an IBAN or free text the erasure removed). */
export const ERASED = "[erased]";

/** Whom a record is about: a customer's profile, or a person. */
export type DataSubject = { type: "profile" | "user"; id: string };

/** A subject's live key: its row's id (named in every value sealed under it) and the 32 bytes. */
export type SubjectKey = { id: string; key: Buffer };

/** The subject keys a set of values needs, by id: the key, or null when it is destroyed (or was never there). */
export type SubjectKeys = ReadonlyMap<string, Buffer | null>;

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const label = (subject: DataSubject) => `${subject.type}:${subject.id}`;

function openKeyRow(row: { id: string; subjectType: string; subjectId: string; key: unknown }, keyring?: Keyring) {
  if (row.key === null || row.key === undefined) return null;
  const opened = openValue<{ subject: string; key: string }>(row.key, SUBJECT_KEY, keyring);
  // A key is bound to its subject: one copied to another row does not open that row's values.
  if (opened.subject !== `${row.subjectType}:${row.subjectId}`) {
    throw new SealedValueError(`subject key ${row.id} belongs to another subject`);
  }
  return Buffer.from(opened.key, "base64");
}

/**
 * The subject's key, made in the caller's transaction when it has none yet; undefined once it is destroyed (the
 * subject was erased), when what is still written of it is sealed under the keyring as before. With sealing off (a
 * benchmark's baseline), none.
 */
export async function subjectKeyFor(
  tx: Prisma.TransactionClient,
  subject: DataSubject,
  now: Date,
): Promise<SubjectKey | undefined> {
  // A benchmark's unsealed baseline seals nothing, so it needs no key.
  if (!getConfig().keys.sealAtRest) return undefined;
  const where = { subjectType_subjectId: { subjectType: subject.type, subjectId: subject.id } };
  let row = await tx.subjectKey.findUnique({ where });
  if (!row) {
    const key = randomBytes(KEY_BYTES);
    const sealed = sealValue({ subject: label(subject), key: key.toString("base64") }, SUBJECT_KEY);
    // Two writers about one new subject: the second finds the first one's key.
    await tx.$executeRaw`
      INSERT INTO "SubjectKey" (id, "subjectType", "subjectId", key, "createdAt")
      VALUES (${randomUUID()}::uuid, ${subject.type}, ${subject.id}::uuid, ${JSON.stringify(sealed)}::jsonb, ${now})
      ON CONFLICT ("subjectType", "subjectId") DO NOTHING`;
    row = await tx.subjectKey.findUniqueOrThrow({ where });
  }
  const key = openKeyRow(row);
  return key ? { id: row.id, key } : undefined;
}

/**
 * Destroys the subjects' keys in the caller's transaction (the erasure's): each row keeps its id and subject, with
 * no key, so every value sealed under it opens to nothing and no new key is ever made for the subject. A subject with
 * no key yet gets such a row too.
 */
export async function destroySubjectKeys(
  tx: Prisma.TransactionClient,
  subjects: DataSubject[],
  now: Date,
): Promise<number> {
  let destroyed = 0;
  for (const subject of subjects) {
    destroyed += await tx.$executeRaw`
      INSERT INTO "SubjectKey" (id, "subjectType", "subjectId", key, "createdAt", "destroyedAt")
      VALUES (${randomUUID()}::uuid, ${subject.type}, ${subject.id}::uuid, NULL, ${now}, ${now})
      ON CONFLICT ("subjectType", "subjectId") DO UPDATE SET key = NULL,
        "destroyedAt" = COALESCE("SubjectKey"."destroyedAt", EXCLUDED."destroyedAt")`;
  }
  return destroyed;
}

const wrapAad = (context: string, keyId: string) =>
  Buffer.from(`tokenrail subject data key\0${context}\0${keyId}`, "utf8");

function wrapDataKey(dataKey: Buffer, context: string, subjectKey: SubjectKey): Buffer {
  const iv = freshBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", createSecretKey(subjectKey.key), iv);
  cipher.setAAD(wrapAad(context, subjectKey.id));
  const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function unwrapDataKey(wrapped: Buffer, context: string, keyId: string, key: Buffer): Buffer {
  if (wrapped.length !== IV_BYTES + TAG_BYTES + KEY_BYTES)
    throw new SealedValueError("a wrapped data key of bad length");
  const decipher = createDecipheriv("aes-256-gcm", createSecretKey(key), wrapped.subarray(0, IV_BYTES));
  decipher.setAAD(wrapAad(context, keyId));
  decipher.setAuthTag(wrapped.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

const joined = (keyId: string, wrapped: Buffer, iv: string, body: string): Sealed => ({
  sealed: ["s1", keyId, wrapped.toString("base64url"), iv, body].join("."),
});

/**
 * What a record about `key`'s subject keeps of `value`: sealed under that key; without one (no subject, or one
 * erased), sealed under the keyring as any sealed column; as it is in a benchmark's unsealed baseline.
 */
export function sealForSubject<T>(value: T, context: string, key: SubjectKey | undefined): Sealed | T {
  const config = getConfig();
  if (!config.keys.sealAtRest) return value;
  return key ? sealUnderSubjectKey(value, context, key) : sealValue(value, context, instanceKeyring(config));
}

/** `value` sealed under the subject's key: a data key of its own, wrapped by `key`. */
export function sealUnderSubjectKey(value: unknown, context: string, key: SubjectKey): Sealed {
  const dataKey = freshBytes(KEY_BYTES);
  const { iv, body } = encryptValue(value, context, dataKey);
  return joined(key.id, wrapDataKey(dataKey, context, key), iv.toString("base64url"), body.toString("base64url"));
}

/**
 * The same sealed value moved under a subject's key: its data key unwrapped with the keyring and wrapped by `key`,
 * the iv and ciphertext unchanged (the one change the audit log's trigger allows besides sealing and re-wrapping).
 */
export function moveUnderSubjectKey(
  stored: Sealed,
  context: string,
  key: SubjectKey,
  keyring: Keyring = instanceKeyring(getConfig()),
): Sealed {
  const [version, kekId, wrapped, iv, body] = stored.sealed.split(".");
  if (version !== "v1" || !kekId || !wrapped || !iv || !body) {
    throw new SealedValueError(`a sealed ${context} is malformed or under a subject's key already`);
  }
  const dataKey = keyring.unwrap(kekId, Buffer.from(wrapped, "base64url"), context);
  return joined(key.id, wrapDataKey(dataKey, context, key), iv, body);
}

/** The subject key a stored value is sealed under, if it is. */
export function subjectKeyIdOf(stored: unknown): string | undefined {
  return isSealed(stored) && isUnderSubjectKey(stored.sealed) ? stored.sealed.split(".")[1] : undefined;
}

/** The keys the given stored values are sealed under, read once for a page of records. */
export async function loadSubjectKeys(tx: Prisma.TransactionClient, stored: unknown[]): Promise<SubjectKeys> {
  const ids = [...new Set(stored.map(subjectKeyIdOf).filter((id): id is string => id !== undefined))];
  const keys = new Map<string, Buffer | null>(ids.map((id) => [id, null]));
  // Only well-formed ids are asked for: a malformed one opens to nothing, like a destroyed key.
  const wanted = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (wanted.length === 0) return keys;
  const rows = await tx.subjectKey.findMany({ where: { id: { in: wanted } } });
  for (const row of rows) keys.set(row.id, openKeyRow(row));
  return keys;
}

/**
 * A stored value of an append-only record, opened: plain or under the keyring as `openValue` opens it, under a
 * subject's key with that key from `keys`, or `erased` where the subject's key is destroyed.
 */
export function openRecord<T>(stored: unknown, context: string, keys: SubjectKeys, erased: T): T {
  if (!isSealed(stored) || !isUnderSubjectKey(stored.sealed)) return openValue<T>(stored, context);
  const [, keyId, wrapped, iv, body] = stored.sealed.split(".");
  if (!keyId || !wrapped || !iv || !body) throw new SealedValueError(`a sealed ${context} is malformed`);
  const key = keys.get(keyId);
  if (key === undefined) throw new SealedValueError(`the key a ${context} is sealed under was not read first`);
  if (key === null) return erased;
  return decryptValue<T>(iv, body, context, unwrapDataKey(Buffer.from(wrapped, "base64url"), context, keyId, key));
}
