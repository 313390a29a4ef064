import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { AppError } from "../../errors.ts";
import { checkProlog } from "./xml-prolog.ts";

/*
 * A bank file on disk as UTF-8 text, chunk by chunk, with the checks `readBankFile` makes on bytes before a parser
 * sees them: the size limit (before reading, and again as it is read, should the file grow), and the prolog scan
 * (no DOCTYPE, UTF-8) over the file's first bytes, where a prolog is. Bytes that are not UTF-8 are refused where
 * they are; every byte read goes through `hash`, so a second pass can tell it read the same file.
 */

/** The prolog scan looks at this much of the file: a prolog longer than that is scanned by the parser (C52). */
const PROLOG_BYTES = 64 * 1024;

function refuse(reason: string): AppError {
  return new AppError("VALIDATION", `The bank file was refused: file ${reason}`, { file: reason });
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The bank file is larger than ${maxBytes} bytes`, {
    file: `must be at most ${maxBytes} bytes`,
  });
}

export function sha256(): Hash {
  return createHash("sha256");
}

export async function* bankFileText(path: string, maxBytes: number, hash: Hash): AsyncGenerator<string> {
  if ((await stat(path)).size > maxBytes) throw tooLarge(maxBytes);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let read = 0;
  let head: Buffer[] | undefined = [];
  const decode = (bytes: Uint8Array, stream: boolean): string => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      throw refuse(`is not well-formed XML (bytes that are not UTF-8 after byte ${read - bytes.byteLength})`);
    }
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    read += chunk.byteLength;
    if (read > maxBytes) throw tooLarge(maxBytes);
    hash.update(chunk);
    if (head) {
      head.push(chunk);
      if (read < PROLOG_BYTES) continue;
      const bytes = Buffer.concat(head);
      head = undefined;
      checkHead(bytes, false);
      yield decode(bytes, true);
    } else {
      yield decode(chunk, true);
    }
  }
  if (head) {
    const bytes = Buffer.concat(head);
    checkHead(bytes, true);
    yield decode(bytes, true);
  }
  yield decode(new Uint8Array(), false);
}

function checkHead(bytes: Uint8Array, whole: boolean): void {
  const problem = checkProlog(bytes);
  // Cut short, the head may end inside a long prolog: whether a root follows is then the parser's to say.
  if (problem && !whole && problem.reason === "has no root element") return;
  if (problem) throw refuse(`${problem.reason} (line ${problem.line})`);
}
