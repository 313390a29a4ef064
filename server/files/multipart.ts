import { AppError } from "../http/errors.ts";

/**
 * A streaming `multipart/form-data` parser (RFC 7578 over RFC 2046). It is fed the body chunk by chunk and answers
 * with what each chunk completed: a part's headers, a slice of its content, its end. Nothing is held back except
 * the few bytes that could still be the start of a boundary, and a part's headers (at most 16 KiB), so the caller
 * decides what to keep and when to stop.
 */

export type PartHeaders = Record<string, string>;
export type MultipartEvent =
  { kind: "part"; headers: PartHeaders } | { kind: "data"; data: Uint8Array } | { kind: "end" };

const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;

type State = "preamble" | "after-boundary" | "headers" | "body" | "epilogue";

function malformed(detail: string): AppError {
  return new AppError("MALFORMED_BODY", `Malformed multipart body: ${detail}`);
}

export class MultipartParser {
  private readonly delimiter: Buffer;
  private state: State = "preamble";
  // The body may open with the boundary itself; a virtual CRLF in front lets one delimiter search find it.
  private pending: Buffer = Buffer.from(CRLF);

  constructor(boundary: string) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** Feeds the next chunk of the body; returns what it completed, in order. */
  push(chunk: Uint8Array): MultipartEvent[] {
    this.pending = this.pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.pending, chunk]);
    const events: MultipartEvent[] = [];
    while (this.step(events));
    return events;
  }

  /** The body has ended: it must have closed with the final boundary. */
  finish(): void {
    if (this.state !== "epilogue") throw malformed("the body ended before the closing boundary");
  }

  /** One transition; false when more input is needed. */
  private step(events: MultipartEvent[]): boolean {
    const buf = this.pending;
    switch (this.state) {
      case "preamble": {
        const at = buf.indexOf(this.delimiter);
        if (at < 0) {
          this.pending = this.keepTail(buf);
          return false;
        }
        this.pending = buf.subarray(at + this.delimiter.length);
        this.state = "after-boundary";
        return true;
      }
      case "after-boundary": {
        // "--" closes the body; otherwise optional transport padding, then CRLF.
        if (buf.length < 2) return false;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          this.state = "epilogue";
          this.pending = Buffer.alloc(0);
          return false;
        }
        let i = 0;
        while (i < buf.length && (buf[i] === 0x20 || buf[i] === 0x09)) i++;
        if (buf.length - i < 2) {
          if (i > 256) throw malformed("unexpected text after a boundary");
          return false;
        }
        if (buf[i] !== 0x0d || buf[i + 1] !== 0x0a) throw malformed("unexpected text after a boundary");
        this.pending = buf.subarray(i + 2);
        this.state = "headers";
        return true;
      }
      case "headers": {
        let headerBytes: Buffer;
        if (buf.length >= 2 && buf[0] === 0x0d && buf[1] === 0x0a) {
          headerBytes = Buffer.alloc(0);
          this.pending = buf.subarray(2);
        } else {
          const at = buf.indexOf(HEADERS_END);
          if (at < 0) {
            if (buf.length > MAX_HEADER_BYTES) throw malformed("part headers are too long");
            return false;
          }
          if (at > MAX_HEADER_BYTES) throw malformed("part headers are too long");
          headerBytes = buf.subarray(0, at);
          this.pending = buf.subarray(at + HEADERS_END.length);
        }
        events.push({ kind: "part", headers: parseHeaders(headerBytes) });
        this.state = "body";
        return true;
      }
      case "body": {
        const at = buf.indexOf(this.delimiter);
        if (at < 0) {
          const keep = this.keepTail(buf);
          const emit = buf.subarray(0, buf.length - keep.length);
          if (emit.length > 0) events.push({ kind: "data", data: emit });
          this.pending = keep;
          return false;
        }
        if (at > 0) events.push({ kind: "data", data: buf.subarray(0, at) });
        events.push({ kind: "end" });
        this.pending = buf.subarray(at + this.delimiter.length);
        this.state = "after-boundary";
        return true;
      }
      case "epilogue":
        // Anything after the closing boundary is ignored (RFC 2046 §5.1.1).
        this.pending = Buffer.alloc(0);
        return false;
    }
  }

  /** The longest end of `buf` that could be the start of the delimiter: it waits for the next chunk. */
  private keepTail(buf: Buffer): Buffer {
    const max = Math.min(buf.length, this.delimiter.length - 1);
    for (let n = max; n > 0; n--) {
      if (buf.subarray(buf.length - n).equals(this.delimiter.subarray(0, n))) return buf.subarray(buf.length - n);
    }
    return Buffer.alloc(0);
  }
}

/** Header lines of one part; names lower-cased, values decoded as UTF-8 (what browsers and fetch send). */
function parseHeaders(bytes: Buffer): PartHeaders {
  const headers: PartHeaders = {};
  let last: string | undefined;
  if (bytes.length === 0) return headers;
  for (const line of bytes.toString("utf8").split("\r\n")) {
    if ((line.startsWith(" ") || line.startsWith("\t")) && last) {
      headers[last] += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(":");
    if (colon <= 0) throw malformed("a part header has no name");
    last = line.slice(0, colon).trim().toLowerCase();
    headers[last] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * Parameters of a `Content-Disposition` or `Content-Type` value: `form-data; name="file"; filename="a.pdf"`.
 * Quoted strings may escape with a backslash; `filename*` (RFC 5987, UTF-8) wins over `filename`.
 */
export function headerParams(value: string): { value: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const semi = value.indexOf(";");
  const head = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  let i = semi < 0 ? value.length : semi + 1;
  while (i < value.length) {
    while (i < value.length && /[\s;]/.test(value[i]!)) i++;
    const eq = value.indexOf("=", i);
    if (eq < 0) break;
    const name = value.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (i < value.length && /\s/.test(value[i]!)) i++;
    let param = "";
    if (value[i] === '"') {
      i++;
      while (i < value.length && value[i] !== '"') {
        if (value[i] === "\\" && i + 1 < value.length) i++;
        param += value[i];
        i++;
      }
      i++;
    } else {
      const end = value.indexOf(";", i);
      param = value.slice(i, end < 0 ? value.length : end).trim();
      i = end < 0 ? value.length : end;
    }
    if (name) params[name] = param;
  }
  const extended = params["filename*"];
  if (extended !== undefined) {
    const decoded = decodeExtendedValue(extended);
    if (decoded !== undefined) params.filename = decoded;
    delete params["filename*"];
  }
  return { value: head, params };
}

/** RFC 5987 `charset'language'percent-encoded`; UTF-8 and ISO-8859-1 are the charsets it names. */
function decodeExtendedValue(value: string): string | undefined {
  const match = /^([A-Za-z0-9!#$%&+^_`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const charset = match[1]!.toLowerCase();
  const bytes: number[] = [];
  const text = match[2]!;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  if (charset === "utf-8") return Buffer.from(bytes).toString("utf8");
  if (charset === "iso-8859-1") return Buffer.from(bytes).toString("latin1");
  return undefined;
}

/** The boundary of a `multipart/form-data` Content-Type (RFC 2046: 1–70 characters). */
export function boundaryOf(contentType: string): string | undefined {
  const { value, params } = headerParams(contentType);
  if (value !== "multipart/form-data") return undefined;
  const boundary = params.boundary;
  return boundary && boundary.length <= 70 ? boundary : undefined;
}
