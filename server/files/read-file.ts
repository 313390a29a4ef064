import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { uuidOrUndefined } from "../ids.ts";
import type { Caller } from "../oauth/caller.ts";
import { operatorSessionMay } from "../users/is-operator.ts";
import { fileStorage } from "./configured-storage.ts";
import type { FileStorage } from "./storage.ts";

export type FileDownload = { name: string; type: string; size: number; content: ReadableStream<Uint8Array> };

/**
 * A File's content for its uploader (the same person, through any application) or an operator who reviews KYC or
 * processes orders (C58: the documents are theirs to read; an admin's role is the console itself). Anyone else learns
 * nothing: an unknown id, a malformed one and someone else's file are the same 404.
 */
export async function readFile(options: {
  caller: Pick<Caller, "userId">;
  /** The admin API has checked the operator's web session (with its second factor, C57). */
  asOperator?: boolean;
  id: string;
  config: Config;
  storage?: FileStorage;
}): Promise<FileDownload> {
  const { caller, config } = options;
  const notFound = new AppError("NOT_FOUND", "File not found");
  const id = uuidOrUndefined(options.id);
  if (!id) throw notFound;
  // A bearer token carries no second factor: it reaches other people's files only where operators need none (C57),
  // and only an operator who reviews KYC or processes orders (C58).
  const operator =
    options.asOperator ??
    (await operatorSessionMay({ userId: caller.userId, secondFactor: false }, ["reviewer", "treasurer"]));
  const prisma = await db();
  const row = await prisma.storedFile.findFirst({
    where: { id, ...(operator ? {} : { uploadedById: caller.userId }) },
  });
  if (!row) throw notFound;
  const storage = options.storage ?? fileStorage(config);
  const content = await storage.get(row.storageKey);
  // The record without its content is the instance's fault, not the caller's: a 500 with the request id.
  if (!content) throw new Error(`Content ${row.storageKey} of file ${row.id} is missing from storage`);
  return { name: row.name, type: row.type, size: row.size, content };
}
