import { createCipheriv, createDecipheriv, type KeyObject } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

/*
 * The format of a stored content sealed at rest (C70), as ./encrypted-storage.ts writes and reads it.
 *
 * `TRENC` and a version byte; the wrapping key's id (a length byte, then ASCII); the data key wrapped by it (60 bytes),
 * bound to the object's key in the store (`file:<object key>`); an 8-byte nonce prefix; then frames of 64 KiB of
 * content, each sealed on its own (AES-256-GCM) with the nonce prefix ‖ its number (32-bit) and bound (additional
 * data) to its number and whether it is the last: a frame moved, dropped or cut short fails to open, and so does one
 * taken from another object, which has another data key. The last frame holds what is left (0 to 64 KiB − 1 bytes),
 * so it is always shorter than the others and an end cut off at a frame's boundary is seen.
 *
 * Version 2 is sealed as the content streams in, before its hash, and so its object key, is known: its frames are
 * bound to their number and place only, and its header, whose wrapped data key is bound to the object key, is written
 * last, in the room left for it. Version 1 (sealed from a spooled copy of the content) also binds every frame to the
 * object key; it is still read, and re-wrapped by rotation as it is.
 */

const MAGIC = Buffer.from("TRENC", "latin1");
export type FormatVersion = 1 | 2;
export const WRITTEN_VERSION: FormatVersion = 2;
export const WRAPPED_BYTES = 60;
export const PREFIX_BYTES = 8;
export const FRAME = 64 * 1024;
export const TAG_BYTES = 16;
const SEALED_FRAME = FRAME + TAG_BYTES;

export class StoredContentError extends Error {}

/** The fields of an object's header. */
export type HeaderFields = { version: FormatVersion; kekId: string; wrapped: Buffer; prefix: Buffer };

export function headerLength(kekId: string): number {
  return MAGIC.length + 2 + Buffer.byteLength(kekId, "latin1") + WRAPPED_BYTES + PREFIX_BYTES;
}

export function headerBytes({ version, kekId, wrapped, prefix }: HeaderFields): Buffer {
  const id = Buffer.from(kekId, "latin1");
  return Buffer.concat([MAGIC, Buffer.from([version, id.length]), id, wrapped, prefix]);
}

/** The header's fields as stored and its length, or undefined while it has not all arrived. */
export function readHeaderFields(bytes: Buffer): (HeaderFields & { length: number }) | undefined {
  if (bytes.length < MAGIC.length + 2) return undefined;
  const version = bytes[MAGIC.length];
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC) || (version !== 1 && version !== 2)) {
    throw new StoredContentError("not sealed content");
  }
  const idLength = bytes[MAGIC.length + 1]!;
  const length = MAGIC.length + 2 + idLength + WRAPPED_BYTES + PREFIX_BYTES;
  if (bytes.length < length) return undefined;
  let at = MAGIC.length + 2;
  const kekId = bytes.subarray(at, (at += idLength)).toString("latin1");
  const wrapped = Buffer.from(bytes.subarray(at, (at += WRAPPED_BYTES)));
  const prefix = Buffer.from(bytes.subarray(at, (at += PREFIX_BYTES)));
  return { version, kekId, wrapped, prefix, length };
}

/** How one frame is sealed: its key, nonce and additional data. */
export type FrameContext = { key: KeyObject; prefix: Buffer; version: FormatVersion; objectKey: string };

function nonce(prefix: Buffer, index: number): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(index, PREFIX_BYTES);
  return n;
}

function frameData(context: FrameContext, index: number, last: boolean): Buffer {
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(index, 0);
  tail[4] = last ? 1 : 0;
  return context.version === 1 ? Buffer.concat([Buffer.from(context.objectKey, "utf8"), tail]) : tail;
}

/** The frame sealed: its ciphertext, then its tag. */
export function sealFrame(context: FrameContext, index: number, last: boolean, plain: Uint8Array): Buffer[] {
  const cipher = createCipheriv("aes-256-gcm", context.key, nonce(context.prefix, index));
  cipher.setAAD(frameData(context, index, last));
  return [cipher.update(plain), cipher.final(), cipher.getAuthTag()];
}

function openFrame(context: FrameContext, index: number, last: boolean, sealed: Buffer): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", context.key, nonce(context.prefix, index));
  decipher.setAAD(frameData(context, index, last));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
}

/**
 * The content of a sealed stream, frame by frame, the data key unwrapped from its header by `unwrap`; throws at the
 * first frame that does not open.
 */
export async function* openFrames(
  sealed: ReadableStream<Uint8Array>,
  objectKey: string,
  unwrap: (kekId: string, wrapped: Buffer) => KeyObject,
): AsyncGenerator<Buffer> {
  let pending = Buffer.alloc(0);
  let context: FrameContext | undefined;
  let index = 0;
  for await (const chunk of Readable.fromWeb(sealed as WebReadableStream<Uint8Array>)) {
    pending = pending.length === 0 ? Buffer.from(chunk as Uint8Array) : Buffer.concat([pending, chunk as Uint8Array]);
    if (!context) {
      const header = readHeaderFields(pending);
      if (!header) continue;
      const key = unwrap(header.kekId, header.wrapped);
      context = { key, prefix: header.prefix, version: header.version, objectKey };
      pending = pending.subarray(header.length);
    }
    // A whole frame with more after it is never the last (the last is always shorter).
    while (pending.length > SEALED_FRAME) {
      yield openFrame(context, index, false, pending.subarray(0, SEALED_FRAME));
      pending = pending.subarray(SEALED_FRAME);
      index += 1;
    }
  }
  if (!context || pending.length < TAG_BYTES || pending.length >= SEALED_FRAME) {
    throw new StoredContentError("sealed content cut short");
  }
  yield openFrame(context, index, true, pending);
}
