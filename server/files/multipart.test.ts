import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AppError } from "../http/errors.ts";
import { boundaryOf, headerParams, MultipartParser, type PartHeaders } from "./multipart.ts";

type Part = { headers: PartHeaders; content: Buffer };

/** Feeds `body` in the given chunks and collects the parts. */
function parse(boundary: string, chunks: Buffer[]): Part[] {
  const parser = new MultipartParser(boundary);
  const parts: Part[] = [];
  const pieces: Buffer[] = [];
  for (const chunk of chunks) {
    for (const event of parser.push(chunk)) {
      if (event.kind === "part") pieces.length = 0;
      if (event.kind === "part") parts.push({ headers: event.headers, content: Buffer.alloc(0) });
      if (event.kind === "data") pieces.push(Buffer.from(event.data));
      if (event.kind === "end") parts[parts.length - 1]!.content = Buffer.concat(pieces);
    }
  }
  parser.finish();
  return parts;
}

const split = (body: Buffer, size: number) => {
  const chunks: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) chunks.push(body.subarray(i, i + size));
  return chunks;
};

const BOUNDARY = "----formdata-undici-0123456789";
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.7\r\n"),
  Buffer.from([0, 1, 2, 0x0d, 0x0a, 0x2d, 0x2d]),
  Buffer.from("\r\n--"),
]);

function body(parts: { headers: string; content: Buffer }[], boundary = BOUNDARY): Buffer {
  return Buffer.concat([
    ...parts.flatMap((p) => [Buffer.from(`--${boundary}\r\n${p.headers}\r\n\r\n`), p.content, Buffer.from("\r\n")]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

describe("multipart/form-data parser", () => {
  const two = body([
    { headers: 'Content-Disposition: form-data; name="note"', content: Buffer.from("hello") },
    {
      headers: 'Content-Disposition: form-data; name="file"; filename="doc.pdf"\r\nContent-Type: application/pdf',
      content: PDF,
    },
  ]);

  it("reads parts whatever the chunking, including a boundary split across chunks at every position", () => {
    for (const size of [1, 2, 3, 5, 7, 13, 31, 64, two.length]) {
      const parts = parse(BOUNDARY, split(two, size));
      assert.equal(parts.length, 2, `chunks of ${size}`);
      assert.equal(parts[0]!.content.toString(), "hello");
      assert.deepEqual(parts[1]!.content, PDF, `chunks of ${size}`);
      assert.equal(parts[1]!.headers["content-type"], "application/pdf");
    }
    for (let at = 1; at < two.length; at++) {
      const parts = parse(BOUNDARY, [two.subarray(0, at), two.subarray(at)]);
      assert.deepEqual(parts[1]!.content, PDF, `split at ${at}`);
    }
  });

  it("ignores a preamble and an epilogue, and content that merely resembles the boundary", () => {
    const lookalike = Buffer.from(`--${BOUNDARY.slice(0, -1)}X\r\n--${BOUNDARY}`.slice(0, -2));
    const withNoise = Buffer.concat([
      Buffer.from("This is the preamble.\r\n"),
      body([{ headers: 'Content-Disposition: form-data; name="file"; filename="a"', content: lookalike }]),
      Buffer.from("epilogue text"),
    ]);
    const parts = parse(BOUNDARY, split(withNoise, 4));
    assert.equal(parts.length, 1);
    assert.deepEqual(parts[0]!.content, lookalike);
  });

  it("reads an empty part and a part without headers", () => {
    const raw = Buffer.from(
      `--${BOUNDARY}\r\n\r\nbare\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n\r\n--${BOUNDARY}--`,
    );
    const parts = parse(BOUNDARY, split(raw, 3));
    assert.deepEqual(parts[0], { headers: {}, content: Buffer.from("bare") });
    assert.equal(parts[1]!.content.length, 0);
  });

  it("refuses a body that ends before its closing boundary, or has no boundary at all", () => {
    const truncated = two.subarray(0, two.length - 10);
    assert.throws(
      () => parse(BOUNDARY, [truncated]),
      (e: unknown) => e instanceof AppError && e.code === "MALFORMED_BODY",
    );
    assert.throws(() => parse(BOUNDARY, [Buffer.from('{"file":"x"}')]), /closing boundary/);
    assert.throws(() => parse(BOUNDARY, []), /closing boundary/);
  });

  it("refuses garbage after a boundary and endless part headers", () => {
    assert.throws(() => parse(BOUNDARY, [Buffer.from(`--${BOUNDARY}xyz\r\n\r\n--${BOUNDARY}--`)]), /after a boundary/);
    const endless = Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nX-Long: `), Buffer.alloc(20_000, 0x61)]);
    assert.throws(() => parse(BOUNDARY, split(endless, 1000)), /headers are too long/);
  });

  it("decodes headers as UTF-8 and parameters with quotes, escapes and RFC 5987", () => {
    const name = "Überweisung «März» 📄.pdf";
    const raw = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
      Buffer.from("%PDF-\r\n"),
      Buffer.from(`--${BOUNDARY}--`),
    ]);
    const [part] = parse(BOUNDARY, split(raw, 5));
    assert.equal(headerParams(part!.headers["content-disposition"]!).params.filename, name);

    assert.deepEqual(headerParams('form-data; name="file"; filename="a \\"b\\"; c.pdf"'), {
      value: "form-data",
      params: { name: "file", filename: 'a "b"; c.pdf' },
    });
    assert.equal(
      headerParams("form-data; name=file; filename=plain.pdf; filename*=UTF-8''%E2%82%AC%20rates.pdf").params.filename,
      "€ rates.pdf",
    );
    assert.equal(headerParams("form-data; name=file; filename*=iso-8859-1'en'%A3.pdf").params.filename, "£.pdf");
  });

  it("finds the boundary of multipart/form-data only", () => {
    assert.equal(boundaryOf("multipart/form-data; boundary=abc"), "abc");
    assert.equal(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b:c"'), "a b:c");
    assert.equal(boundaryOf("multipart/mixed; boundary=abc"), undefined);
    assert.equal(boundaryOf("multipart/form-data"), undefined);
    assert.equal(boundaryOf(`multipart/form-data; boundary=${"x".repeat(71)}`), undefined);
  });
});
