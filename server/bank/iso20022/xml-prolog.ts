/*
 * What stands before a bank file's root element, looked at before any XML parser sees the file. A DOCTYPE can only
 * appear there, and it is how every entity attack starts (an external entity that reads a local file or fetches a
 * URL, entities that expand to gigabytes): ISO 20022 files never carry one, so a file with a DOCTYPE is refused
 * here, before the parser could load or expand anything (C52). The parser is also told never to load external
 * entities, and the reader checks the parsed document has no DTD: three locks on one door.
 *
 * ISO 20022 files are UTF-8 (the standard's XML rules and the SEPA rulebooks say so); a file in another encoding is
 * refused rather than converted, which also keeps this byte scan honest: in UTF-8 `<!DOCTYPE` is these bytes.
 */

import { isUtf8Name } from "./file-encoding.ts";

export type PrologProblem = { reason: string; line: number };

const encoder = new TextEncoder();
const DOCTYPE = encoder.encode("<!DOCTYPE");
const COMMENT_START = encoder.encode("<!--");
const COMMENT_END = encoder.encode("-->");
const PI_END = encoder.encode("?>");

const LT = 0x3c;
const QUESTION = 0x3f;

function startsWith(bytes: Uint8Array, at: number, prefix: Uint8Array): boolean {
  if (at + prefix.length > bytes.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}

function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let at = bytes.indexOf(first, from); at !== -1; at = bytes.indexOf(first, at + 1)) {
    if (startsWith(bytes, at, needle)) return at;
  }
  return -1;
}

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function lineAt(bytes: Uint8Array, end: number): number {
  let line = 1;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < end; at = bytes.indexOf(0x0a, at + 1)) line++;
  return line;
}

/**
 * The `encoding` of an XML declaration (`<?xml version="1.0" encoding="UTF-8"?>`), if it names one: in either
 * quote, or none (not well-formed, but named all the same), with white space around `=`, in any case.
 */
function declaredEncoding(declaration: string): string | undefined {
  const match = /\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'?]*))/i.exec(declaration);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * Looks at the bytes before the root element and says what is wrong with them, or `null` when the parser may go
 * on. Anything this scan does not recognise is left to the parser, which refuses what is not well-formed.
 */
export function checkProlog(bytes: Uint8Array, carriers = "bank files"): PrologProblem | null {
  // Another encoding's first bytes are refused before (bank-file-gate.ts, file-encoding.ts).
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (isSpace(bytes[at])) at++;
  if (bytes[at] !== LT) return { reason: "is not an XML document", line: lineAt(bytes, at) };

  for (;;) {
    while (isSpace(bytes[at])) at++;
    if (at >= bytes.length) return { reason: "has no root element", line: lineAt(bytes, at) };
    if (bytes[at] !== LT) return null;
    if (startsWith(bytes, at, DOCTYPE)) {
      return {
        reason: `must not contain a DOCTYPE: ${carriers} carry none, and entities come in through one`,
        line: lineAt(bytes, at),
      };
    }
    if (startsWith(bytes, at, COMMENT_START)) {
      const end = indexOf(bytes, COMMENT_END, at + COMMENT_START.length);
      if (end === -1) return null;
      at = end + COMMENT_END.length;
      continue;
    }
    if (bytes[at + 1] === QUESTION) {
      const end = indexOf(bytes, PI_END, at + 2);
      if (end === -1) return null;
      const instruction = new TextDecoder().decode(bytes.subarray(at, end));
      if (instruction.slice(0, 5).toLowerCase() === "<?xml" && isSpace(instruction.charCodeAt(5))) {
        const encoding = declaredEncoding(instruction);
        if (encoding !== undefined && !isUtf8Name(encoding)) {
          const reason = `must be encoded in UTF-8, not ${encoding} (as its XML declaration says)`;
          return { reason, line: lineAt(bytes, at) };
        }
      }
      at = end + PI_END.length;
      continue;
    }
    // The root element, or a `<!` that is neither comment nor DOCTYPE (not well-formed: the parser says where).
    return null;
  }
}
