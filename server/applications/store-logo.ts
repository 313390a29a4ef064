import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import type { DbOrTx } from "../db/client.ts";
import { fileStorage } from "../files/configured-storage.ts";
import type { FileStorage } from "../files/storage.ts";
import { checkLogo } from "./check-logo.ts";

// C0 controls, DEL and C1 controls: never part of a file name worth keeping.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export type LogoUpload = { name: string; bytes: Uint8Array };

/**
 * Checks a logo by its content and keeps it in file storage as a File of the developer, returning the File's id.
 * The content is stored before the caller's transaction commits; content is addressed by its hash, so a logo whose
 * application is then not written is an unreferenced blob, never a wrong one.
 */
export async function storeLogo(options: {
  logo: LogoUpload;
  userId: string;
  applicationId: string;
  config: Config;
  tx: DbOrTx;
  storage?: FileStorage;
}): Promise<string> {
  const { logo, config, tx } = options;
  const type = checkLogo(logo.bytes);
  const storage = options.storage ?? fileStorage(config);
  await fs.mkdir(config.files.spoolDir, { recursive: true });
  const spool = path.join(config.files.spoolDir, `${randomBytes(16).toString("hex")}.logo`);
  const sha256 = createHash("sha256").update(logo.bytes).digest("hex");
  let key: string;
  try {
    await fs.writeFile(spool, logo.bytes, { mode: 0o600, flag: "wx" });
    key = await storage.put({ path: spool, sha256, size: logo.bytes.byteLength });
  } finally {
    await fs.rm(spool, { force: true });
  }
  const file = await tx.storedFile.create({
    data: {
      name: [...logo.name.replace(CONTROL, "")].slice(0, 100).join("") || "logo",
      type,
      size: logo.bytes.byteLength,
      hash: sha256,
      storageKey: key,
      uploadedById: options.userId,
      applicationId: options.applicationId,
    },
    select: { id: true },
  });
  return file.id;
}
