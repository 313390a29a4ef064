import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { fileStorage } from "../files/configured-storage.ts";
import type { FileStorage } from "../files/storage.ts";
import { AppError } from "../errors.ts";
import { uuidOrUndefined } from "../ids.ts";
import { LOGO_TYPES, type LogoType } from "./check-logo.ts";

export type ApplicationLogo = { type: LogoType; size: number; content: ReadableStream<Uint8Array> };

/**
 * An application's logo, public (people see it on the consent screen before signing in). Only the image a developer
 * uploaded as the logo is served here, never another File, and only in the image types a logo may have.
 */
export async function readApplicationLogo(options: {
  applicationId: string;
  config: Config;
  storage?: FileStorage;
}): Promise<ApplicationLogo> {
  const notFound = new AppError("NOT_FOUND", "No logo");
  const id = uuidOrUndefined(options.applicationId);
  if (!id) throw notFound;
  const prisma = await db();
  const app = await prisma.application.findUnique({ where: { id }, select: { logoFileId: true } });
  if (!app?.logoFileId) throw notFound;
  const file = await prisma.storedFile.findUnique({ where: { id: app.logoFileId } });
  const type = LOGO_TYPES.find((t) => t === file?.type);
  if (!file || !type) throw notFound;
  const storage = options.storage ?? fileStorage(options.config);
  const content = await storage.get(file.storageKey);
  if (!content) throw new Error(`Content ${file.storageKey} of logo ${file.id} is missing from storage`);
  return { type, size: file.size, content };
}
