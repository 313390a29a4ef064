import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "../http/errors.ts";
import type { MultipartRequest } from "../http/body.ts";
import { headerParams, MultipartParser } from "./multipart.ts";
import { declaredTypeAgrees, SNIFF_BYTES, sniffType, type DocumentType } from "./sniff.ts";
import type { SpooledContent } from "./storage.ts";

/** CONTRACT §4.21: the File's name is at most 100 characters (counted as Unicode code points). */
export const MAX_FILENAME_LENGTH = 100;
/** Room for boundaries, part headers and small fields around the file, on top of the file size limit. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** The name of a file part that carries none (the v4 SDK's default). */
export const DEFAULT_FILENAME = "document";

export type ReceivedFile = { name: string; type: DocumentType; content: SpooledContent };

export function tooLarge(limit: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `File exceeds the limit of ${limit} bytes`);
}

const invalidFile = (message: string, problem: string) => new AppError("VALIDATION", message, { file: problem });

// C0 controls, DEL and C1 controls: never part of a name a person gave a document.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function checkName(name: string): void {
  if ([...name].length > MAX_FILENAME_LENGTH) {
    throw invalidFile("Filename too long", `filename must be at most ${MAX_FILENAME_LENGTH} characters`);
  }
  if (CONTROL.test(name)) throw invalidFile("Invalid filename", "filename must not contain control characters");
}

function checkType(head: Uint8Array, declared: string | undefined): DocumentType {
  if (head.length === 0) throw invalidFile("Empty file", "is empty");
  const type = sniffType(head);
  if (!type) throw invalidFile("Unsupported file type", "must be a PDF, JPEG or PNG document");
  if (!declaredTypeAgrees(declared, type)) {
    throw invalidFile("File content does not match its declared type", `is declared as ${declared} but is ${type}`);
  }
  return type;
}

type Receiving = {
  name: string;
  declared: string | undefined;
  spool: string;
  handle: fs.FileHandle;
  hash: ReturnType<typeof createHash>;
  size: number;
  head: Buffer;
  type?: DocumentType;
  complete: boolean;
};

/**
 * Reads a multipart body as it arrives and keeps the part named `field` in a spool file: its size is checked on
 * every chunk (413 past `limit`, before the rest is read), its type from its first bytes, its SHA-256 computed on
 * the way. Other parts are read past and dropped. The caller owns the spool file it returns.
 */
export async function receiveUpload(
  request: MultipartRequest,
  options: { field: string; limit: number; spoolDir: string },
): Promise<ReceivedFile> {
  const { field, limit, spoolDir } = options;
  if (request.declaredLength !== undefined && request.declaredLength > limit + MULTIPART_OVERHEAD) {
    throw tooLarge(limit);
  }
  if (!request.body) throw invalidFile("Missing file", "is required");
  const parser = new MultipartParser(request.boundary);
  const reader = request.body.getReader();
  let file: Receiving | undefined;
  let inFile = false;
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit + MULTIPART_OVERHEAD) throw tooLarge(limit);
      for (const event of parser.push(value)) {
        if (event.kind === "part") {
          const disposition = headerParams(event.headers["content-disposition"] ?? "");
          if (disposition.value !== "form-data") throw new AppError("MALFORMED_BODY", "A part is not form-data");
          inFile = disposition.params.name === field;
          if (!inFile) continue;
          if (file) throw invalidFile("One file per request", "must be sent once");
          const name = disposition.params.filename || DEFAULT_FILENAME;
          checkName(name);
          await fs.mkdir(spoolDir, { recursive: true });
          const spool = path.join(spoolDir, `${randomBytes(16).toString("hex")}.part`);
          file = {
            name,
            declared: event.headers["content-type"],
            spool,
            handle: await fs.open(spool, "wx", 0o600),
            hash: createHash("sha256"),
            size: 0,
            head: Buffer.alloc(0),
            complete: false,
          };
        } else if (event.kind === "data" && inFile && file) {
          file.size += event.data.byteLength;
          if (file.size > limit) throw tooLarge(limit);
          if (!file.type) {
            file.head = Buffer.concat([file.head, event.data]).subarray(0, SNIFF_BYTES);
            if (file.head.length >= SNIFF_BYTES) file.type = checkType(file.head, file.declared);
          }
          file.hash.update(event.data);
          await file.handle.write(event.data);
        } else if (event.kind === "end" && inFile && file) {
          file.type ??= checkType(file.head, file.declared);
          file.complete = true;
          inFile = false;
        }
      }
    }
    parser.finish();
    if (!file?.complete || !file.type) throw invalidFile("Missing file", "is required");
    await file.handle.close();
    return {
      name: file.name,
      type: file.type,
      content: { path: file.spool, sha256: file.hash.digest("hex"), size: file.size },
    };
  } catch (error) {
    // Stop reading: whatever else the client sends is not wanted.
    await reader.cancel().catch(() => undefined);
    if (file) {
      await file.handle.close().catch(() => undefined);
      await fs.rm(file.spool, { force: true });
    }
    throw error;
  }
}
