import type { FileStorageConfig } from "./file-settings.ts";
import { LocalFileStorage } from "./local-storage.ts";
import { S3FileStorage } from "./s3-storage.ts";
import type { FileStorage } from "./storage.ts";

/** The storage the configuration names: a local directory (default) or an S3-compatible bucket. */
export function fileStorage(config: FileStorageConfig): FileStorage {
  return config.kind === "s3" ? new S3FileStorage(config) : new LocalFileStorage(config.dir);
}
