import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config.ts";
import { fileStorage } from "../../files/configured-storage.ts";

/**
 * Keeps an inbound bank file's content in file storage under its SHA-256, so operators can download it later. Done
 * after the file is checked and before its import's transaction: a content stored for an import that then rolls
 * back is an unreferenced blob (the same bytes imported again find it), never a recorded file without its content.
 * The caller's file is left where it is: storage takes over a copy. Content in memory (a file the server wrote, the
 * simulator's) is stored as it is, with no spool file.
 */
export async function storeInboundFile(
  content: { path: string } | { bytes: Uint8Array },
  sha256: string,
  config: Config,
): Promise<void> {
  const storage = fileStorage(config);
  if ("bytes" in content) return storage.putBytes(content.bytes, sha256);
  if (await storage.exists(sha256)) return;
  await fs.mkdir(config.files.spoolDir, { recursive: true });
  const spool = path.join(config.files.spoolDir, `bank-${randomBytes(8).toString("hex")}.xml`);
  try {
    await fs.copyFile(content.path, spool);
    const { size } = await fs.stat(spool);
    await storage.put({ path: spool, sha256, size });
  } finally {
    await fs.rm(spool, { force: true });
  }
}
