import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { db } from "../db/client.ts";
import type { FileStorage } from "../files/storage.ts";

/**
 * A document as an upload leaves it (tests): `bytes` put into `storage` under their SHA-256, through a spool file in
 * `spoolDir`, and the record that names it. Which storage (sealed or plain) says how it was stored.
 */
export async function storeDocument(storage: FileStorage, bytes: Buffer, spoolDir: string): Promise<string> {
  const file = path.join(spoolDir, randomUUID());
  fs.writeFileSync(file, bytes);
  const key = createHash("sha256").update(bytes).digest("hex");
  await storage.put({ path: file, sha256: key, size: bytes.length });
  const prisma = await db();
  await prisma.storedFile.create({
    data: {
      name: "id.pdf",
      type: "application/pdf",
      size: bytes.length,
      hash: key,
      storageKey: key,
      uploadedById: randomUUID(),
    },
  });
  return key;
}
