import { createHash, createSecretKey, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { freshBytes } from "../keys/fresh-bytes.ts";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Keyring } from "../keys/keyring.ts";
import {
  FRAME,
  PREFIX_BYTES,
  StoredContentError,
  WRITTEN_VERSION,
  headerBytes,
  openFrames,
  readHeaderFields,
  sealFrame,
} from "./sealed-format.ts";
import { SealingWriter, writeSpool } from "./sealing-writer.ts";
import { isContentKey, type ContentWriter, type FileStorage, type SpooledContent } from "./storage.ts";

/*
 * Every stored content encrypted at rest (C70): each content has a data key of its own (AES-256-GCM), wrapped by the
 * keyring's key-encryption key and kept in the object's header; the store holds only ciphertext, under a keyed hash
 * of the content's SHA-256 so that not even the hash of a document shows there. A copy of the store, of the
 * database, or of both, reveals nothing without the keyring. The object carries everything needed to open it, so
 * storing needs no database (a bank file is stored while its import's transaction is open) and a rotation of the
 * key-encryption key rewrites only headers. The format is ./sealed-format.ts's; an upload is sealed as it streams in
 * (./sealing-writer.ts), so its content is never on disk in plain text, not even in the spool. Contents are read as
 * they stream, one frame in memory at a time.
 */

export { StoredContentError };

/** The FileStorage every caller gets (`configured-storage.ts`): `inner` holds the ciphertext. */
export class EncryptedFileStorage implements FileStorage {
  constructor(
    private readonly inner: FileStorage,
    private readonly keyring: Keyring,
    private readonly spoolDir: string,
  ) {}

  /** Where the content whose SHA-256 is `key` is kept in the inner store. */
  objectKey(key: string): string {
    return this.keyring.blindIndex("file", key);
  }

  /** A content sealed as it arrives, and stored under its SHA-256 (./sealing-writer.ts). */
  writer(spoolDir: string = this.spoolDir): Promise<ContentWriter> {
    return SealingWriter.open(this.inner, this.keyring, spoolDir);
  }

  async put(content: SpooledContent, key = content.sha256): Promise<string> {
    try {
      if (key !== content.sha256) throw new StoredContentError("a content is stored under its SHA-256");
      if (await this.inner.exists(this.objectKey(key))) return key;
      return await writeSpool(await this.writer(), content);
    } finally {
      await fs.rm(content.path, { force: true });
    }
  }

  /** A small content sealed in memory, in the same format as a streamed one, and stored in one write. */
  async putBytes(bytes: Uint8Array, key: string): Promise<void> {
    if (!isContentKey(key)) throw new Error("not a content key");
    if (await this.exists(key)) return;
    const objectKey = this.objectKey(key);
    const dataKey = freshBytes(32);
    const { kekId, wrapped } = this.keyring.wrapDataKey(dataKey, `file:${objectKey}`);
    const prefix = freshBytes(PREFIX_BYTES);
    const context = { key: createSecretKey(dataKey), prefix, version: WRITTEN_VERSION, objectKey };
    dataKey.fill(0);
    const plain = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const parts = [headerBytes({ version: WRITTEN_VERSION, kekId, wrapped, prefix })];
    const frames = Math.floor(plain.length / FRAME) + 1;
    for (let index = 0; index < frames; index += 1) {
      const last = index === frames - 1;
      const frame = plain.subarray(index * FRAME, last ? plain.length : (index + 1) * FRAME);
      parts.push(...sealFrame(context, index, last, frame));
    }
    await this.inner.putBytes(Buffer.concat(parts), objectKey);
  }

  /**
   * The content, opened as it streams. Content stored before encryption (in the same store under its own hash) is
   * served as it is until `encryptPlainContents` has sealed it; the sealed object is looked for once more after a
   * miss, in case that job sealed it and removed the plain one meanwhile.
   */
  async get(key: string): Promise<ReadableStream<Uint8Array> | undefined> {
    const objectKey = this.objectKey(key);
    const sealed = await this.inner.get(objectKey);
    if (sealed) return this.opened(sealed, objectKey);
    const plain = await this.inner.get(key);
    if (plain) return plain;
    const late = await this.inner.get(objectKey);
    return late && this.opened(late, objectKey);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.inner.exists(this.objectKey(key))) || (await this.inner.exists(key));
  }

  async remove(key: string): Promise<void> {
    await this.inner.remove(this.objectKey(key));
    await this.inner.remove(key);
  }

  async replace(content: SpooledContent, key: string): Promise<void> {
    try {
      if (key !== content.sha256) throw new StoredContentError("a content is stored under its SHA-256");
      await writeSpool(await SealingWriter.open(this.inner, this.keyring, this.spoolDir, true), content);
    } finally {
      await fs.rm(content.path, { force: true });
    }
  }
  /** The key-encryption key that wraps the sealed content's data key, or undefined when it is not sealed. */
  async sealedUnder(key: string): Promise<string | undefined> {
    const sealed = await this.inner.get(this.objectKey(key));
    if (!sealed) return undefined;
    let pending = Buffer.alloc(0);
    for await (const chunk of Readable.fromWeb(sealed as WebReadableStream<Uint8Array>)) {
      pending = Buffer.concat([pending, chunk as Uint8Array]);
      const header = readHeaderFields(pending);
      if (header) return header.kekId;
    }
    return undefined;
  }

  /**
   * Re-wraps the content's data key under the keyring's current key-encryption key (rotation): only the header is
   * rewritten (in the object's own version), the frames are copied as they are, and the object is replaced whole.
   * Returns whether it had to be.
   */
  async rewrap(key: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    const sealed = await this.inner.get(objectKey);
    if (!sealed) return false;
    await fs.mkdir(this.spoolDir, { recursive: true });
    const target = path.join(this.spoolDir, `rewrap-${randomBytes(8).toString("hex")}`);
    const output = await fs.open(target, "wx", 0o600);
    const hash = createHash("sha256");
    let size = 0;
    let pending: Buffer | undefined = Buffer.alloc(0);
    try {
      for await (const chunk of Readable.fromWeb(sealed as WebReadableStream<Uint8Array>)) {
        let bytes = Buffer.from(chunk as Uint8Array);
        if (pending) {
          pending = Buffer.concat([pending, bytes]);
          const fields = readHeaderFields(pending);
          if (!fields) continue;
          if (fields.kekId === this.keyring.currentKekId) return false;
          const context = `file:${objectKey}`;
          const { kekId, wrapped } = this.keyring.rewrap(fields.kekId, fields.wrapped, context);
          const header = headerBytes({ version: fields.version, kekId, wrapped, prefix: fields.prefix });
          bytes = Buffer.concat([header, pending.subarray(fields.length)]);
          pending = undefined;
        }
        hash.update(bytes);
        size += bytes.length;
        await output.write(bytes);
      }
      if (pending) throw new StoredContentError("sealed content cut short");
      await output.close();
      await this.inner.replace({ path: target, sha256: hash.digest("hex"), size }, objectKey);
      return true;
    } finally {
      await output.close().catch(() => undefined);
      await fs.rm(target, { force: true });
    }
  }

  /** Whether the content is still kept in plain text (stored before encryption). */
  plainExists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }

  private opened(sealed: ReadableStream<Uint8Array>, objectKey: string): ReadableStream<Uint8Array> {
    const frames = openFrames(sealed, objectKey, (kekId, wrapped) =>
      createSecretKey(this.keyring.unwrap(kekId, wrapped, `file:${objectKey}`)),
    );
    return Readable.toWeb(Readable.from(frames)) as ReadableStream<Uint8Array>;
  }
}
