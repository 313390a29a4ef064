import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** Content that has arrived in full and been checked, spooled in a local file, with its SHA-256 and size. */
export type SpooledContent = { path: string; sha256: string; size: number };

/**
 * Where a content goes as it arrives (an upload): `write` each chunk in turn, then `store` it, or `discard` it when it
 * is refused part way. The caller counts the content's SHA-256 and size as it writes.
 */
export interface ContentWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Stores what was written, whose SHA-256 and size are these, under its SHA-256, and answers that key. */
  store(content: { sha256: string; size: number }): Promise<string>;
  /** Drops what was written; nothing of it is left. */
  discard(): Promise<void>;
}

/**
 * Where file contents live. Contents are addressed by their SHA-256 (hex): the same bytes are stored once however
 * often they are uploaded, and nothing a client says (a filename) ever becomes part of a path or object key.
 */
export interface FileStorage {
  /**
   * Stores spooled content (taking the spool file over) under `key` (by default its SHA-256) and returns the key.
   * Storing under a key already there is a no-op.
   */
  put(content: SpooledContent, key?: string): Promise<string>;
  /**
   * Stores a small content already in memory under `key` (its SHA-256, checked by the caller), with no spool file of
   * the caller's; a no-op when the key is there. For contents of a few kilobytes (a bank file the server wrote).
   */
  putBytes(bytes: Uint8Array, key: string): Promise<void>;
  /** The content under `key`, or undefined if there is none. */
  get(key: string): Promise<ReadableStream<Uint8Array> | undefined>;
  exists(key: string): Promise<boolean>;
  /** Stores spooled content under `key` in place of what is there, atomically: a reader sees one or the other. */
  replace(content: SpooledContent, key: string): Promise<void>;
  /** Removes the content under `key`; removing what is not there is a no-op. */
  remove(key: string): Promise<void>;
  /**
   * Whether `put` and `replace` read the spooled content's `sha256` even when given its key (an S3 PUT is signed with
   * the body's hash): a caller that stores a spool under a key of its own must then give its true hash.
   */
  readonly hashesPayload?: boolean;
  /** A writer for a content that arrives in parts, spooled in `spoolDir` as this store needs until it is stored. */
  writer(spoolDir: string): Promise<ContentWriter>;
}

/** A writer that spools the content as it comes into a file of its own in `spoolDir`, then `put`s that file. */
export async function spoolingWriter(
  spoolDir: string,
  put: (content: SpooledContent) => Promise<string>,
): Promise<ContentWriter> {
  await fs.mkdir(spoolDir, { recursive: true });
  const file = path.join(spoolDir, `${randomBytes(16).toString("hex")}.part`);
  const handle = await fs.open(file, "wx", 0o600);
  let open = true;
  const close = async () => {
    if (open) await handle.close();
    open = false;
  };
  return {
    write: async (chunk) => {
      await handle.write(chunk);
    },
    store: async ({ sha256, size }) => {
      try {
        await close();
        return await put({ path: file, sha256, size });
      } finally {
        await fs.rm(file, { force: true });
      }
    },
    discard: async () => {
      await close().catch(() => undefined);
      await fs.rm(file, { force: true });
    },
  };
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Keys are SHA-256 hex digests; anything else can only miss. */
export function isContentKey(key: string): boolean {
  return SHA256_HEX.test(key);
}

/** `ab/abcdef…`: content fanned out over 256 directories (or prefixes) by its first byte. */
export function contentPath(key: string): string {
  if (!isContentKey(key)) throw new Error("not a content key");
  return `${key.slice(0, 2)}/${key}`;
}
