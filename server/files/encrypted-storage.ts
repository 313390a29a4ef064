import { createCipheriv, createDecipheriv, createHash, createSecretKey, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Keyring } from "../keys/keyring.ts";
import { isContentKey, type FileStorage, type SpooledContent } from "./storage.ts";

/*
 * Every stored content encrypted at rest (C70): each content has a data key of its own (AES-256-GCM), wrapped by the
 * keyring's key-encryption key and kept in the object's header; the store holds only ciphertext, under a keyed hash
 * of the content's SHA-256 so that not even the hash of a document shows there. A copy of the store, of the
 * database, or of both, reveals nothing without the keyring. The object carries everything needed to open it, so
 * storing needs no database (a bank file is stored while its import's transaction is open) and a rotation of the
 * key-encryption key rewrites only headers.
 *
 * Format: `TRENC` 0x01; the wrapping key's id (a length byte, then ASCII); the wrapped data key (60 bytes); an 8-byte
 * nonce prefix; then frames of 64 KiB of content, each sealed on its own with the nonce prefix ‖ its number (32-bit)
 * and bound (additional data) to the object's key, its number and whether it is the last: a frame moved, dropped, cut
 * short or taken from another object fails to open. The last frame holds what is left (0 to 64 KiB − 1 bytes), so it
 * is always shorter than the others and an end cut off at a frame's boundary is seen. Contents are read as they
 * stream, one frame in memory at a time.
 */

const MAGIC = Buffer.from("TRENC\u0001", "latin1");
const WRAPPED_BYTES = 60;
const PREFIX_BYTES = 8;
const FRAME = 64 * 1024;
const TAG_BYTES = 16;
const SEALED_FRAME = FRAME + TAG_BYTES;
/** Frames sealed per read of the spooled content (1 MiB): the memory a store holds at once while it seals. */
const BATCH_FRAMES = 16;

function nonce(prefix: Buffer, index: number): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  return n;
}

function frameData(objectKey: string, index: number, last: boolean): Buffer {
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(index, 0);
  tail[4] = last ? 1 : 0;
  return Buffer.concat([Buffer.from(objectKey, "utf8"), tail]);
}

/** An object's header: the magic, the wrapping key's id, the wrapped data key and the nonce prefix. */
function headerBytes(kekId: string, wrapped: Buffer, prefix: Buffer): Buffer {
  const id = Buffer.from(kekId, "latin1");
  return Buffer.concat([MAGIC, Buffer.from([id.length]), id, wrapped, prefix]);
}

function sealFrame(key: Buffer, prefix: Buffer, objectKey: string, index: number, last: boolean, plain: Buffer) {
  const cipher = createCipheriv("aes-256-gcm", createSecretKey(key), nonce(prefix, index));
  cipher.setAAD(frameData(objectKey, index, last));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function openFrame(key: Buffer, prefix: Buffer, objectKey: string, index: number, last: boolean, sealed: Buffer) {
  const decipher = createDecipheriv("aes-256-gcm", createSecretKey(key), nonce(prefix, index));
  decipher.setAAD(frameData(objectKey, index, last));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
}

export class StoredContentError extends Error {}

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

  async put(content: SpooledContent, key = content.sha256): Promise<string> {
    const objectKey = this.objectKey(key);
    try {
      if (await this.inner.exists(objectKey)) return key;
      const sealed = await this.sealSpool(content, objectKey);
      try {
        await this.inner.put(sealed, objectKey);
      } finally {
        await fs.rm(sealed.path, { force: true });
      }
      return key;
    } finally {
      await fs.rm(content.path, { force: true });
    }
  }

  /** A small content sealed in memory, in the same format as a spooled one, and stored in one write. */
  async putBytes(bytes: Uint8Array, key: string): Promise<void> {
    if (!isContentKey(key)) throw new Error("not a content key");
    if (await this.exists(key)) return;
    const objectKey = this.objectKey(key);
    const { key: dataKey, kekId, wrapped } = this.keyring.newDataKey(`file:${objectKey}`);
    const prefix = randomBytes(PREFIX_BYTES);
    const plain = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const parts = [headerBytes(kekId, wrapped, prefix)];
    const frames = Math.floor(plain.length / FRAME) + 1;
    for (let index = 0; index < frames; index += 1) {
      const last = index === frames - 1;
      const frame = plain.subarray(index * FRAME, last ? plain.length : (index + 1) * FRAME);
      parts.push(sealFrame(dataKey, prefix, objectKey, index, last, frame));
    }
    const sealed = Buffer.concat(parts);
    await this.inner.putBytes(sealed, objectKey);
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
    const objectKey = this.objectKey(key);
    try {
      const sealed = await this.sealSpool(content, objectKey);
      try {
        await this.inner.replace(sealed, objectKey);
      } finally {
        await fs.rm(sealed.path, { force: true });
      }
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
   * rewritten, the frames are copied as they are, and the object is replaced whole. Returns whether it had to be.
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
          bytes = Buffer.concat([headerBytes(kekId, wrapped, fields.prefix), pending.subarray(fields.length)]);
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
      this.keyring.unwrap(kekId, wrapped, `file:${objectKey}`),
    );
    return Readable.toWeb(Readable.from(frames)) as ReadableStream<Uint8Array>;
  }

  /**
   * The spooled content sealed into a spool file of its own, with the ciphertext's SHA-256 and size. The content is
   * read `BATCH_FRAMES` frames at a time and their sealed frames written in one go: a document of a few hundred KiB
   * is one read and one write, not two file operations (each a trip through the thread pool) per frame.
   */
  private async sealSpool(content: SpooledContent, objectKey: string): Promise<SpooledContent> {
    const { key, kekId, wrapped } = this.keyring.newDataKey(`file:${objectKey}`);
    await fs.mkdir(this.spoolDir, { recursive: true });
    const target = path.join(this.spoolDir, `sealed-${randomBytes(8).toString("hex")}`);
    const prefix = randomBytes(PREFIX_BYTES);
    const hash = createHash("sha256");
    const input = await fs.open(content.path, "r");
    const output = await fs.open(target, "wx", 0o600);
    let size = 0;
    try {
      const frames = Math.floor(content.size / FRAME) + 1;
      const buffer = Buffer.alloc(Math.min(BATCH_FRAMES * FRAME, content.size));
      let pending = [headerBytes(kekId, wrapped, prefix)];
      for (let first = 0; first < frames; first += BATCH_FRAMES) {
        const count = Math.min(BATCH_FRAMES, frames - first);
        const want = Math.min(count * FRAME, content.size - first * FRAME);
        const { bytesRead } = await input.read(buffer, 0, want, first * FRAME);
        if (bytesRead !== want) throw new StoredContentError("the spooled content changed while it was sealed");
        for (let index = first; index < first + count; index += 1) {
          const last = index === frames - 1;
          const at = (index - first) * FRAME;
          const frame = buffer.subarray(at, last ? want : at + FRAME);
          pending.push(sealFrame(key, prefix, objectKey, index, last, frame));
        }
        let length = 0;
        for (const bytes of pending) {
          hash.update(bytes);
          length += bytes.length;
        }
        const { bytesWritten } = await output.writev(pending);
        if (bytesWritten !== length) throw new StoredContentError("the sealed content could not be written whole");
        size += length;
        pending = [];
      }
    } catch (error) {
      await output.close();
      await fs.rm(target, { force: true });
      throw error;
    } finally {
      await input.close();
    }
    await output.close();
    return { path: target, sha256: hash.digest("hex"), size };
  }
}

/** The content of a sealed stream, frame by frame; throws at the first frame that does not open. */
async function* openFrames(
  sealed: ReadableStream<Uint8Array>,
  objectKey: string,
  unwrap: (kekId: string, wrapped: Buffer) => Buffer,
): AsyncGenerator<Buffer> {
  let pending = Buffer.alloc(0);
  let header: { key: Buffer; prefix: Buffer } | undefined;
  let index = 0;
  for await (const chunk of Readable.fromWeb(sealed as WebReadableStream<Uint8Array>)) {
    pending = pending.length === 0 ? Buffer.from(chunk as Uint8Array) : Buffer.concat([pending, chunk as Uint8Array]);
    if (!header) {
      const read = readHeader(pending, unwrap);
      if (!read) continue;
      header = read;
      pending = pending.subarray(read.length);
    }
    // A whole frame with more after it is never the last (the last is always shorter).
    while (pending.length > SEALED_FRAME) {
      yield openFrame(header.key, header.prefix, objectKey, index, false, pending.subarray(0, SEALED_FRAME));
      pending = pending.subarray(SEALED_FRAME);
      index += 1;
    }
  }
  if (!header || pending.length < TAG_BYTES || pending.length >= SEALED_FRAME) {
    throw new StoredContentError("sealed content cut short");
  }
  yield openFrame(header.key, header.prefix, objectKey, index, true, pending);
}

/** The header at the start of `bytes` with its data key unwrapped, or undefined while it has not all arrived. */
function readHeader(bytes: Buffer, unwrap: (kekId: string, wrapped: Buffer) => Buffer) {
  const header = readHeaderFields(bytes);
  return header && { key: unwrap(header.kekId, header.wrapped), prefix: header.prefix, length: header.length };
}

/** The header's fields as stored, or undefined while it has not all arrived. */
function readHeaderFields(bytes: Buffer) {
  if (bytes.length < MAGIC.length + 1) return undefined;
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new StoredContentError("not sealed content");
  const idLength = bytes[MAGIC.length]!;
  const length = MAGIC.length + 1 + idLength + WRAPPED_BYTES + PREFIX_BYTES;
  if (bytes.length < length) return undefined;
  let at = MAGIC.length + 1;
  const kekId = bytes.subarray(at, (at += idLength)).toString("latin1");
  const wrapped = Buffer.from(bytes.subarray(at, (at += WRAPPED_BYTES)));
  const prefix = Buffer.from(bytes.subarray(at, (at += PREFIX_BYTES)));
  return { kekId, wrapped, prefix, length };
}
