import { createHash } from "node:crypto";
import { Busboy, type BusboyFileStream, type BusboyInstance } from "@fastify/busboy";
import { AppError } from "../errors.ts";
import { MAX_PART_HEADER_BYTES } from "../header-limits.ts";
import { isUnstorable } from "../unstorable.ts";
import type { MultipartRequest } from "./multipart-request.ts";
import { multipartBoundary, PartHeaderGuard } from "./part-header-guard.ts";
import { declaredTypeAgrees, SNIFF_BYTES, sniffType, type DocumentType } from "./sniff.ts";
import type { ContentWriter } from "./storage.ts";

/** CONTRACT §4.21: the File's name is at most 100 characters (counted as Unicode code points). */
export const MAX_FILENAME_LENGTH = 100;
/** Room for boundaries, part headers and small fields around the file, on top of the file size limit. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** The name of a file part that carries none (the v4 SDK's default). */
export const DEFAULT_FILENAME = "document";

/** A file received in full and checked: its name, its type by content, its SHA-256 and size, in its writer. */
export type ReceivedFile = { name: string; type: DocumentType; sha256: string; size: number; writer: ContentWriter };

export function tooLarge(limit: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `File exceeds the limit of ${limit} bytes`);
}

const invalidFile = (message: string, problem: string) => new AppError("VALIDATION", message, { file: problem });

/** What the parser reports about a body it cannot read. The one a client meets in practice is a body cut short. */
function malformed(error: unknown): AppError {
  const message = error instanceof Error ? error.message : "";
  return new AppError(
    "MALFORMED_BODY",
    /unexpected end/i.test(message)
      ? "Malformed multipart body: the body ended before the closing boundary"
      : "Malformed multipart body",
  );
}

// C0 controls, DEL and C1 controls: never part of a name a person gave a document.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function checkName(name: string): void {
  if ([...name].length > MAX_FILENAME_LENGTH) {
    throw invalidFile("Filename too long", `filename must be at most ${MAX_FILENAME_LENGTH} characters`);
  }
  if (CONTROL.test(name)) throw invalidFile("Invalid filename", "filename must not contain control characters");
  // An RFC 5987 `filename*` in UTF-16 can decode to a lone surrogate, which PostgreSQL cannot store (C40).
  if (isUnstorable(name)) {
    throw invalidFile("Invalid filename", "filename must not contain NUL characters or unpaired surrogates");
  }
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

/**
 * The streaming `multipart/form-data` parser for one body: the part named `field` is a file whether or not it
 * carries a filename, and its filename is kept whole (it is only ever the File's name, never a path). Its header
 * limits are never reached: `PartHeaderGuard` refuses a larger block before the parser sees it, so no part's
 * headers are cut short (the parser would do so silently).
 */
function parserFor(boundary: string, field: string, limit: number): BusboyInstance {
  return Busboy({
    headers: { "content-type": `multipart/form-data; boundary="${boundary}"` },
    preservePath: true,
    // The file's bytes wait for the spool in runs of up to 256 KiB rather than the stream default of 16 KiB: at
    // 16 KiB the parser pauses after every network chunk, which on a multi-megabyte file costs a third more time.
    // The size limit is counted as bytes are parsed, not as they are spooled.
    fileHwm: 256 * 1024,
    isPartAFile: (name, type, filename) =>
      name === field || filename !== undefined || type === "application/octet-stream",
    limits: {
      fileSize: limit,
      fieldSize: MULTIPART_OVERHEAD,
      headerSize: 2 * MAX_PART_HEADER_BYTES,
      // A header line takes at least four bytes: a block the guard lets through has fewer lines than this.
      headerPairs: MAX_PART_HEADER_BYTES,
    },
  });
}

type Receiving = {
  stream: BusboyFileStream;
  name: string;
  declared: string | undefined;
  writer?: ContentWriter;
  hash: ReturnType<typeof createHash>;
  size: number;
  head: Buffer;
  type?: DocumentType;
  complete: boolean;
};

/** Writes the file part into its writer as the parser hands it over, hashing and sniffing it on the way. */
async function spool(file: Receiving, open: () => Promise<ContentWriter>): Promise<void> {
  file.writer = await open();
  for await (const chunk of file.stream as AsyncIterable<Buffer>) {
    if (!file.type) {
      file.head = Buffer.concat([file.head, chunk]).subarray(0, SNIFF_BYTES);
      if (file.head.length >= SNIFF_BYTES) file.type = checkType(file.head, file.declared);
    }
    file.hash.update(chunk);
    file.size += chunk.byteLength;
    await file.writer.write(chunk);
  }
  // Past the size limit the parser cuts the part short; its 'limit' event has already refused the upload.
  if (file.stream.truncated) return;
  file.type ??= checkType(file.head, file.declared);
  file.complete = true;
}

/** Hands one chunk to the parser; resolves once the parser (and the spool behind it) can take the next. */
function write(parser: BusboyInstance, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    parser.write(chunk, (error) => (error ? reject(malformed(error)) : resolve()));
  });
}

/**
 * Reads a multipart body as it arrives and writes the part named `field` into a writer (`open`, a store's: the
 * sealed store seals it as it comes): its size is checked on every chunk (413 past `limit`, before the rest is read),
 * its type from its first bytes, its SHA-256 computed on the way; any part's header block over
 * `MAX_PART_HEADER_BYTES` is 431 (C42). Other parts are read past and dropped. A refused upload's writer is
 * discarded here; the caller stores (or discards) the one it is given back.
 */
export async function receiveUpload(
  request: MultipartRequest,
  options: { field: string; limit: number; open: () => Promise<ContentWriter> },
): Promise<ReceivedFile> {
  const { field, limit, open } = options;
  const boundary = multipartBoundary(request.contentType);
  if (boundary === undefined) {
    throw new AppError("MALFORMED_BODY", "The multipart/form-data Content-Type names no valid boundary");
  }
  const guard = new PartHeaderGuard(boundary);
  const parser = parserFor(boundary, field, limit);
  if (request.declaredLength !== undefined && request.declaredLength > limit + MULTIPART_OVERHEAD) {
    throw tooLarge(limit);
  }
  if (!request.body) throw invalidFile("Missing file", "is required");

  // The parser reports through events, the spool through its own promise: the first problem either meets ends the
  // upload, and `failed` rejects with it so that the reading below stops at once.
  let failure: Error | undefined;
  let reportFailure: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (reportFailure = reject));
  failed.catch(() => undefined);
  const fail = (error: unknown) => {
    if (failure !== undefined) return;
    failure = error instanceof Error ? error : new Error(String(error));
    reportFailure(failure);
  };

  let file: Receiving | undefined;
  let spooling: Promise<void> | undefined;
  parser.on("file", (name, stream, filename, _encoding, mimeType) => {
    // A part the body ends in errs; unheard, that error would bring the process down.
    stream.on("error", (error) => fail(malformed(error)));
    if (name !== field || failure !== undefined) return void stream.resume();
    try {
      if (file) throw invalidFile("One file per request", "must be sent once");
      const fileName = filename || DEFAULT_FILENAME;
      checkName(fileName);
      file = {
        stream,
        name: fileName,
        // RFC 7578 reads a part without a Content-Type as text/plain, and so does the parser: neither says anything
        // about a document, whose type is judged by its bytes.
        declared: mimeType === "text/plain" ? undefined : mimeType,
        hash: createHash("sha256"),
        size: 0,
        head: Buffer.alloc(0),
        complete: false,
      };
      stream.on("limit", () => fail(tooLarge(limit)));
      spooling = spool(file, open).catch(fail);
    } catch (error) {
      stream.resume();
      fail(error);
    }
  });
  parser.on("error", (error) => fail(malformed(error)));
  const finished = new Promise<void>((resolve) => parser.on("finish", resolve));

  const reader = request.body.getReader();
  try {
    let total = 0;
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), failed]);
      if (done) break;
      total += value.byteLength;
      if (total > limit + MULTIPART_OVERHEAD) throw tooLarge(limit);
      // Before the parser sees the chunk: an oversized part header block is refused, not read cut short (431).
      guard.check(value);
      await Promise.race([write(parser, value), failed]);
    }
    parser.end();
    await Promise.race([finished, failed]);
    await spooling;
    if (failure !== undefined) throw failure;
    if (!file?.complete || !file.type || !file.writer) throw invalidFile("Missing file", "is required");
    return { name: file.name, type: file.type, sha256: file.hash.digest("hex"), size: file.size, writer: file.writer };
  } catch (error) {
    // Stop reading: whatever else the client sends is not wanted.
    await reader.cancel().catch(() => undefined);
    parser.destroy();
    if (file) {
      file.stream.destroy();
      await spooling;
      await file.writer?.discard();
    }
    throw error;
  }
}
