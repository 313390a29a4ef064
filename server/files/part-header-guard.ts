import { AppError } from "../errors.ts";
import { MAX_PART_HEADER_BYTES } from "../header-limits.ts";

const BLANK_LINE = Buffer.from("\r\n\r\n");
const DASH = 0x2d;

// RFC 2046 §5.1.1: one to seventy of these characters, the last not a space.
const BCHARS = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;
const PARAMETER = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;"]*))/g;

/**
 * The boundary a `multipart/form-data` Content-Type names, or undefined when it names none, more than one, or one
 * RFC 2046 does not allow. The guard below and the parser must split the body at the same boundary, so the parser
 * is handed this one rather than reading its own from the header.
 */
export function multipartBoundary(contentType: string): string | undefined {
  const named = [...contentType.matchAll(PARAMETER)]
    .filter(([, name]) => name!.toLowerCase() === "boundary")
    .map(([, , quoted, token]) => (quoted === undefined ? token! : quoted.replace(/\\(.)/g, "$1")));
  return named.length === 1 && BCHARS.test(named[0]!) ? named[0] : undefined;
}

export function partHeadersTooLarge(limit = MAX_PART_HEADER_BYTES): AppError {
  return new AppError("HEADERS_TOO_LARGE", `A part's headers exceed ${limit / 1024} KB`);
}

/**
 * Watches a multipart body go by, chunk after chunk, and refuses (431) a part whose header block is over `limit`
 * bytes as soon as it passes the limit. Needed because the parser (busboy) keeps only the first bytes of an oversized
 * block, says nothing and goes on with the part. Splits the body as the parser does: a delimiter is CRLF, `--` and
 * the boundary (the first needs no CRLF before it); `--` right after one ends the body; a part's header block runs
 * from its delimiter to the first blank line, or to the next delimiter if one comes first.
 */
export class PartHeaderGuard {
  private readonly delimiter: Buffer;
  private state: "content" | "delimited" | "headers" | "epilogue" = "content";
  /** The last bytes of the previous chunk that may begin a delimiter or a blank line this chunk completes. */
  private carry: Buffer = Buffer.from("\r\n");
  private headerBytes = 0;

  constructor(
    boundary: string,
    private readonly limit = MAX_PART_HEADER_BYTES,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** Takes the next chunk of the body; throws the 431 once a part's header block is over the limit. */
  check(chunk: Uint8Array): void {
    if (this.state === "epilogue") return;
    const data = new Joined(this.carry, Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    // Bytes from here on may be the start of a delimiter split across chunks: they wait for the next one.
    const undecided = Math.max(0, data.length - this.delimiter.length + 1);
    let at = 0;
    while (at < data.length) {
      if (this.state === "content") {
        const next = data.indexOf(this.delimiter, at);
        if (next < 0) {
          at = Math.max(at, undecided);
          break;
        }
        at = next + this.delimiter.length;
        this.state = "delimited";
      } else if (this.state === "delimited") {
        if (data.length - at < 2) break;
        if (data.byte(at) === DASH && data.byte(at + 1) === DASH) {
          this.state = "epilogue";
          return;
        }
        this.state = "headers";
        this.headerBytes = 0;
      } else {
        const end = data.indexOf(BLANK_LINE, at);
        const next = data.indexOf(this.delimiter, at);
        // A delimiter that begins before the blank line is over ends the block (the parser drops that part).
        if (end >= 0 && (next < 0 || end + BLANK_LINE.length <= next)) {
          this.count(end - at);
          at = end + BLANK_LINE.length;
          this.state = "content";
        } else if (next >= 0) {
          this.count(next - at);
          at = next + this.delimiter.length;
          this.state = "delimited";
        } else {
          const decided = Math.max(at, undecided);
          this.count(decided - at);
          at = decided;
          break;
        }
      }
    }
    this.carry = data.copyFrom(at);
  }

  private count(bytes: number): void {
    this.headerBytes += bytes;
    if (this.headerBytes > this.limit) throw partHeadersTooLarge(this.limit);
  }
}

/**
 * The carried bytes followed by the new chunk, read as one buffer without copying the chunk (it may be megabytes; the
 * carry is shorter than a delimiter).
 */
class Joined {
  readonly length: number;

  constructor(
    private readonly head: Buffer,
    private readonly tail: Buffer,
  ) {
    this.length = head.length + tail.length;
  }

  indexOf(needle: Buffer, from: number): number {
    if (from < this.head.length) {
      // A match that starts in the head ends within the tail's first needle.length - 1 bytes.
      const seam = Buffer.concat([this.head.subarray(from), this.tail.subarray(0, needle.length - 1)]);
      const found = seam.indexOf(needle);
      if (found >= 0) return from + found;
    }
    const found = this.tail.indexOf(needle, Math.max(0, from - this.head.length));
    return found < 0 ? -1 : found + this.head.length;
  }

  byte(index: number): number | undefined {
    return index < this.head.length ? this.head[index] : this.tail[index - this.head.length];
  }

  /** The bytes from `index` on, copied, so that the chunk is not kept alive by a few bytes of it. */
  copyFrom(index: number): Buffer {
    if (index >= this.head.length) return Buffer.from(this.tail.subarray(index - this.head.length));
    return Buffer.concat([this.head.subarray(index), this.tail]);
  }
}
