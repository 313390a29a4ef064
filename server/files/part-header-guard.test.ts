import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../errors.ts";
import { MAX_PART_HEADER_BYTES } from "../header-limits.ts";
import { multipartBoundary, PartHeaderGuard } from "./part-header-guard.ts";

const BOUNDARY = "guard-boundary-7MA4YWxk";
const DISPOSITION = 'Content-Disposition: form-data; name="file"; filename="a.pdf"';
const CHUNK_SIZES = [1, 2, 3, 5, 13, 64, 1000, Infinity];

/** A part whose header block (CRLF after the boundary, its lines, up to the blank line) is exactly `bytes` long. */
function part(bytes: number, content = Buffer.from("%PDF-1.7\n")): Buffer {
  const fixed = `\r\n${DISPOSITION}\r\nX-Padding: `.length;
  const block = `\r\n${DISPOSITION}\r\nX-Padding: ${"a".repeat(bytes - fixed)}`;
  assert.equal(block.length, bytes);
  return Buffer.concat([Buffer.from(`--${BOUNDARY}${block}\r\n\r\n`), content, Buffer.from("\r\n")]);
}
const close = Buffer.from(`--${BOUNDARY}--\r\n`);

function feed(body: Buffer, size: number, limit = MAX_PART_HEADER_BYTES): void {
  const guard = new PartHeaderGuard(BOUNDARY, limit);
  const step = Math.min(size, body.length);
  for (let at = 0; at < body.length; at += step) guard.check(body.subarray(at, at + step));
}

const tooLarge = (e: unknown) =>
  e instanceof AppError && e.code === "HEADERS_TOO_LARGE" && e.message === "A part's headers exceed 8 KB";

describe("C42: a multipart part's header block is bounded", () => {
  for (const size of CHUNK_SIZES) {
    it(`takes a block of exactly the limit and refuses one byte more, in chunks of ${size}`, () => {
      assert.doesNotThrow(() => feed(Buffer.concat([part(MAX_PART_HEADER_BYTES), close]), size));
      assert.throws(() => feed(Buffer.concat([part(MAX_PART_HEADER_BYTES + 1), close]), size), tooLarge);
      // In any part, after content that looks like a blank line or a delimiter but is not one.
      const tricky = Buffer.from(`%PDF\r\n\r\n\r\n--${BOUNDARY.slice(0, -1)}X\r\n-\r\n--\r\n`);
      const first = part(200, tricky);
      assert.doesNotThrow(() => feed(Buffer.concat([first, part(MAX_PART_HEADER_BYTES), close]), size));
      assert.throws(() => feed(Buffer.concat([first, part(MAX_PART_HEADER_BYTES + 1), close]), size), tooLarge);
    });
  }

  it("refuses as soon as the block passes the limit, without waiting for its end", () => {
    const guard = new PartHeaderGuard(BOUNDARY);
    guard.check(Buffer.from(`--${BOUNDARY}\r\n${DISPOSITION}\r\nX-Padding: `));
    let read = 0;
    assert.throws(() => {
      for (;;) {
        guard.check(Buffer.alloc(1024, 0x61));
        read += 1024;
      }
    }, tooLarge);
    assert.ok(read <= MAX_PART_HEADER_BYTES, `read ${read} bytes`);
  });

  it("does not count a preamble, part content or an epilogue, however large", () => {
    const huge = Buffer.alloc(64 * 1024, 0x62);
    const body = Buffer.concat([huge, Buffer.from("\r\n"), part(100, huge), part(100), close, huge]);
    for (const size of CHUNK_SIZES) assert.doesNotThrow(() => feed(body, size));
  });

  it("counts a block cut short by the next delimiter on its own, as the parser drops that part", () => {
    const cut = Buffer.from(`--${BOUNDARY}\r\nX-Padding: ${"a".repeat(5000)}\r\n`);
    const body = Buffer.concat([cut, part(5000), close]);
    for (const size of CHUNK_SIZES) assert.doesNotThrow(() => feed(body, size));
  });
});

describe("the boundary a multipart Content-Type names", () => {
  const cases: [string, string | undefined][] = [
    ["multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW", "----WebKitFormBoundary7MA4YWxkTrZu0gW"],
    ["multipart/form-data;boundary=abc", "abc"],
    ['multipart/form-data; BOUNDARY="with space and:colon"', "with space and:colon"],
    ['multipart/form-data; charset=utf-8; boundary="x"', "x"],
    ['multipart/form-data; name="a; boundary=inner"; boundary=outer', "outer"],
    ["multipart/form-data", undefined],
    ["multipart/form-data; boundary=", undefined],
    ["multipart/form-data; boundary=a; boundary=b", undefined],
    ["multipart/form-data; boundary*=utf-8''abc", undefined],
    ['multipart/form-data; boundary="trailing "', undefined],
    [`multipart/form-data; boundary=${"b".repeat(71)}`, undefined],
    ['multipart/form-data; boundary="a\\"b"', undefined],
  ];
  for (const [header, boundary] of cases) {
    it(`${header.slice(0, 60)} → ${String(boundary)}`, () => assert.equal(multipartBoundary(header), boundary));
  }
});
