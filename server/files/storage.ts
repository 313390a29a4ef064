/** Content that has arrived in full and been checked, spooled in a local file, with its SHA-256 and size. */
export type SpooledContent = { path: string; sha256: string; size: number };

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
