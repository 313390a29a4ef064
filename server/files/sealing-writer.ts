import { createHash, createSecretKey, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { freshBytes } from "../keys/fresh-bytes.ts";
import type { Keyring } from "../keys/keyring.ts";
import {
  FRAME,
  PREFIX_BYTES,
  StoredContentError,
  WRITTEN_VERSION,
  headerBytes,
  headerLength,
  sealFrame,
  type FrameContext,
} from "./sealed-format.ts";
import type { ContentWriter, FileStorage } from "./storage.ts";

/** Reads of a spooled file sealed through a writer: 1 MiB at a time, the memory a store holds at once. */
const READ_BYTES = 16 * FRAME;
/**
 * Sealed frames are held until this many bytes are waiting, then written in one go: a document of up to 1 MiB is
 * written once, with its header, when it ends (a write per frame cost the server more than the sealing).
 */
const FLUSH_BYTES = 16 * FRAME;

/**
 * A content sealed as it arrives (./sealed-format.ts, version 2): each 64 KiB frame is sealed as soon as it is whole
 * and written to a spool file after the room left for the header (`FLUSH_BYTES` at a time), so the content itself
 * never lies on disk, not even in the spool, and is never read back. When it ends, its last frame is sealed, its data
 * key wrapped for its object key (known now that its hash is), the header written in its room, and the spool handed
 * to the store under that key. One frame of content, and up to `FLUSH_BYTES` of sealed frames, are held in memory.
 */
export class SealingWriter implements ContentWriter {
  private readonly frame = Buffer.allocUnsafe(FRAME);
  private filled = 0;
  private index = 0;
  private position: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private finished = false;

  private constructor(
    private readonly inner: FileStorage,
    private readonly keyring: Keyring,
    private readonly dataKey: Buffer,
    private readonly context: FrameContext,
    private readonly file: string,
    private readonly handle: fs.FileHandle,
    private readonly replaces: boolean,
  ) {
    this.position = headerLength(keyring.currentKekId);
  }

  /** A writer storing into `inner` (with `replaces`, in place of what is there under the content's key). */
  static async open(inner: FileStorage, keyring: Keyring, spoolDir: string, replaces = false): Promise<SealingWriter> {
    await fs.mkdir(spoolDir, { recursive: true });
    const file = path.join(spoolDir, `sealing-${randomBytes(8).toString("hex")}`);
    const handle = await fs.open(file, "wx", 0o600);
    const dataKey = freshBytes(32);
    const context: FrameContext = {
      key: createSecretKey(dataKey),
      prefix: freshBytes(PREFIX_BYTES),
      version: WRITTEN_VERSION,
      objectKey: "",
    };
    return new SealingWriter(inner, keyring, dataKey, context, file, handle, replaces);
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (this.finished) throw new StoredContentError("written after the content was stored");
    let at = 0;
    while (at < chunk.length) {
      const taken = Math.min(FRAME - this.filled, chunk.length - at);
      this.frame.set(chunk.subarray(at, at + taken), this.filled);
      this.filled += taken;
      at += taken;
      // A whole frame is never the last: the last holds what is left, less than a frame.
      if (this.filled === FRAME) this.seal(false);
    }
    if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
  }

  async store({ sha256, size }: { sha256: string; size: number }): Promise<string> {
    if (this.finished) throw new StoredContentError("the content was stored already");
    this.finished = true;
    try {
      if (size !== this.index * FRAME + this.filled) {
        throw new StoredContentError("the content's size is not what was written");
      }
      this.seal(true);
      const objectKey = this.keyring.blindIndex("file", sha256);
      const { kekId, wrapped } = this.keyring.wrapDataKey(this.dataKey, `file:${objectKey}`);
      const header = headerBytes({ version: WRITTEN_VERSION, kekId, wrapped, prefix: this.context.prefix });
      const room = headerLength(this.keyring.currentKekId);
      if (header.length !== room) throw new StoredContentError("the header does not fit the room left for it");
      if (this.position === room) {
        // Nothing written yet: the header and every frame in one write.
        this.pending.unshift(header);
        this.position = 0;
        await this.flush();
      } else {
        await this.flush();
        await this.handle.write(header, 0, header.length, 0);
      }
      await this.handle.close();
      const sealed = async () => ({
        path: this.file,
        sha256: this.inner.hashesPayload ? await hashOf(this.file) : sha256,
        size: this.position,
      });
      // The store's `put` is a no-op for an object already there: the same document uploaded again.
      if (this.replaces) await this.inner.replace(await sealed(), objectKey);
      else await this.inner.put(await sealed(), objectKey);
      return sha256;
    } finally {
      this.dataKey.fill(0);
      await this.handle.close().catch(() => undefined);
      await fs.rm(this.file, { force: true });
    }
  }

  async discard(): Promise<void> {
    this.finished = true;
    this.dataKey.fill(0);
    await this.handle.close().catch(() => undefined);
    await fs.rm(this.file, { force: true });
  }

  /** Seals the frame held (whole, or the last), to be written with the next flush, and starts the next frame. */
  private seal(last: boolean): void {
    for (const part of sealFrame(this.context, this.index, last, this.frame.subarray(0, this.filled))) {
      if (part.length === 0) continue;
      this.pending.push(part);
      this.pendingBytes += part.length;
    }
    this.index += 1;
    this.filled = 0;
  }

  /** Writes the sealed frames waiting, at the spool's end. */
  private async flush(): Promise<void> {
    const buffers = this.pending;
    const length = buffers.reduce((sum, b) => sum + b.length, 0);
    this.pending = [];
    this.pendingBytes = 0;
    if (length === 0) return;
    const { bytesWritten } = await this.handle.writev(buffers, this.position);
    if (bytesWritten !== length) throw new StoredContentError("the sealed content could not be written whole");
    this.position += length;
  }
}

/** Feeds a spooled file through a writer, `READ_BYTES` at a time, and stores it. */
export async function writeSpool(writer: ContentWriter, content: { path: string; sha256: string; size: number }) {
  const input = await fs.open(content.path, "r");
  try {
    const buffer = Buffer.allocUnsafe(Math.min(READ_BYTES, Math.max(1, content.size)));
    let read = 0;
    while (read < content.size) {
      const { bytesRead } = await input.read(buffer, 0, Math.min(buffer.length, content.size - read), read);
      if (bytesRead === 0) throw new StoredContentError("the spooled content changed while it was sealed");
      await writer.write(buffer.subarray(0, bytesRead));
      read += bytesRead;
    }
  } catch (error) {
    await writer.discard();
    throw error;
  } finally {
    await input.close();
  }
  return writer.store(content);
}

async function hashOf(file: string): Promise<string> {
  const hash = createHash("sha256");
  const input = await fs.open(file, "r");
  try {
    for await (const chunk of input.createReadStream()) hash.update(chunk as Buffer);
  } finally {
    await input.close().catch(() => undefined);
  }
  return hash.digest("hex");
}
