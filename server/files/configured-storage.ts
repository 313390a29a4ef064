import type { Config } from "../config.ts";
import { instanceKeyring } from "../keys/instance-keyring.ts";
import { EncryptedFileStorage } from "./encrypted-storage.ts";
import { LocalFileStorage } from "./local-storage.ts";
import { S3FileStorage } from "./s3-storage.ts";
import type { FileStorage } from "./storage.ts";

/** The storage the configuration names: a local directory (default) or an S3-compatible bucket, holding ciphertext. */
export function plainFileStorage(config: Pick<Config, "files">): FileStorage {
  const storage = config.files.storage;
  return storage.kind === "s3" ? new S3FileStorage(storage) : new LocalFileStorage(storage.dir);
}

/**
 * Where every file's content is kept, encrypted at rest with the instance's keyring (./encrypted-storage.ts); in
 * plain text only in a benchmark's baseline (`TOKENRAIL_SEAL_AT_REST=off`, refused in production).
 */
export function fileStorage(config: Pick<Config, "files" | "keys" | "secret">): FileStorage {
  if (!config.keys.sealAtRest) return plainFileStorage(config);
  return new EncryptedFileStorage(plainFileStorage(config), instanceKeyring(config), config.files.spoolDir);
}
