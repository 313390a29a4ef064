import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { MultipartRequest } from "./multipart-request.ts";
import type { Caller } from "../oauth/caller.ts";
import { fileStorage } from "./configured-storage.ts";
import { fileView, type FileView } from "./file-view.ts";
import { receiveUpload } from "./receive-upload.ts";
import type { FileStorage } from "./storage.ts";

/**
 * `POST /files` (CONTRACT §4.21): the part named `file` is received as it streams in (size, type by content,
 * SHA-256; sealed on the way, C70), stored by its hash, and recorded as a File of the caller. The same content uploaded twice is two Files
 * and one stored blob. The client's filename is kept as the File's name only, never used as a path.
 */
export async function uploadFile(options: {
  caller: Caller;
  request: MultipartRequest;
  config: Config;
  storage?: FileStorage;
  clock?: Clock;
}): Promise<FileView> {
  const { caller, request, config, clock = serverClock } = options;
  const storage = options.storage ?? fileStorage(config);
  const received = await receiveUpload(request, {
    field: "file",
    limit: config.files.sizeLimit,
    open: () => storage.writer(config.files.spoolDir),
  });
  const key = await received.writer.store(received);
  const prisma = await db();
  const now = clock();
  const row = await prisma.storedFile.create({
    data: {
      name: received.name,
      type: received.type,
      size: received.size,
      hash: received.sha256,
      storageKey: key,
      uploadedById: caller.userId,
      applicationId: caller.applicationId,
      createdAt: now,
      updatedAt: now,
    },
  });
  return fileView(row);
}
