import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { describe, it } from "node:test";
import { AppError } from "../errors.ts";
import { MULTIPART_OVERHEAD, receiveUpload, type ReceivedFile } from "./receive-upload.ts";
import { spoolingWriter, type ContentWriter } from "./storage.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

const BOUNDARY = "test-boundary-7MA4YWxkTrZu0gW";
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3000, 7)]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const LIMIT = 64 * 1024;

function part(name: string, content: Buffer, extra = ""): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n`),
    content,
    Buffer.from("\r\n"),
  ]);
}
const close = Buffer.from(`--${BOUNDARY}--\r\n`);

function streamOf(body: Buffer, chunk = 1000): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= body.length) return controller.close();
      controller.enqueue(body.subarray(at, at + chunk));
      at += chunk;
    },
  });
}

const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** What each writer stored: the bytes its spool held when it was stored. */
const stored = new Map<ContentWriter, Buffer>();

function receive(body: Buffer | ReadableStream<Uint8Array>, declaredLength?: number, contentType = CONTENT_TYPE) {
  const spoolDir = scratchDir("tokenrail-spool-");
  const stream = Buffer.isBuffer(body) ? streamOf(body) : body;
  const open = async () => {
    const writer: ContentWriter = await spoolingWriter(spoolDir, (content) => {
      stored.set(writer, fs.readFileSync(content.path));
      return Promise.resolve(content.sha256);
    });
    return writer;
  };
  const run = receiveUpload({ contentType, declaredLength, body: stream }, { field: "file", limit: LIMIT, open });
  return { run, spoolDir };
}

/** The received file stored through its writer: the bytes stored. */
async function storedBytes(received: ReceivedFile): Promise<Buffer> {
  assert.equal(await received.writer.store(received), received.sha256);
  const bytes = stored.get(received.writer);
  assert.ok(bytes, "the writer stored the content");
  return bytes;
}

async function refused(
  body: Buffer | ReadableStream<Uint8Array>,
  code: AppError["code"],
  fields?: object,
  options: { message?: string; contentType?: string } = {},
) {
  const { run, spoolDir } = receive(body, undefined, options.contentType);
  await assert.rejects(run, (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, code);
    if (fields) assert.deepEqual(error.fields, fields);
    if (options.message) assert.equal(error.message, options.message);
    return true;
  });
  assert.deepEqual(fs.readdirSync(spoolDir), [], "the spool file is removed");
}

describe("receiving an upload", () => {
  it("spools the file part with its SHA-256, size, detected type and name; other parts are dropped", async () => {
    const body = Buffer.concat([
      part("note", Buffer.from("ignored")),
      part("file", PDF, '; filename="Kontoauszug März.pdf"\r\nContent-Type: application/pdf'),
      close,
    ]);
    const { run } = receive(body, body.length);
    const received = await run;
    assert.equal(received.name, "Kontoauszug März.pdf");
    assert.equal(received.type, "application/pdf");
    assert.equal(received.size, PDF.length);
    assert.equal(received.sha256, createHash("sha256").update(PDF).digest("hex"));
    assert.deepEqual(await storedBytes(received), PDF);
  });

  it("names a file part without a filename 'document', and takes an undeclared or generic type", async () => {
    const bare = await receive(Buffer.concat([part("file", PNG), close])).run;
    assert.deepEqual([bare.name, bare.type], ["document", "image/png"]);
    const blob = await receive(
      Buffer.concat([part("file", PNG, '; filename="blob"\r\nContent-Type: application/octet-stream'), close]),
    ).run;
    assert.equal(blob.type, "image/png");
  });

  it("takes a name of 100 characters and refuses one of 101, before reading the content", async () => {
    const hundred = `${"ü".repeat(96)}.pdf`;
    assert.equal(
      (await receive(Buffer.concat([part("file", PDF, `; filename="${hundred}"`), close])).run).name,
      hundred,
    );
    await refused(Buffer.concat([part("file", PDF, `; filename="${"a".repeat(97)}.pdf"`), close]), "VALIDATION", {
      file: "filename must be at most 100 characters",
    });
  });

  it("refuses content that is not PDF, JPEG or PNG, and a declared type the content contradicts", async () => {
    await refused(
      Buffer.concat([part("file", Buffer.from("just some text, long enough"), '; filename="a.pdf"'), close]),
      "VALIDATION",
      {
        file: "must be a PDF, JPEG or PNG document",
      },
    );
    await refused(
      Buffer.concat([part("file", PNG, '; filename="a.pdf"\r\nContent-Type: application/pdf'), close]),
      "VALIDATION",
      { file: "is declared as application/pdf but is image/png" },
    );
    await refused(Buffer.concat([part("file", Buffer.alloc(0), '; filename="empty.pdf"'), close]), "VALIDATION", {
      file: "is empty",
    });
    await refused(Buffer.concat([part("file", Buffer.from("%PDF"), '; filename="tiny.pdf"'), close]), "VALIDATION");
  });

  it("refuses a missing file part, a second one, a truncated body and a control character in the name", async () => {
    await refused(Buffer.concat([part("document", PDF), close]), "VALIDATION", { file: "is required" });
    await refused(Buffer.concat([part("file", PDF), part("file", PNG), close]), "VALIDATION", {
      file: "must be sent once",
    });
    await refused(Buffer.concat([part("file", PDF)]), "MALFORMED_BODY");
    await refused(Buffer.concat([part("file", PDF, '; filename="a\tb.pdf"'), close]), "VALIDATION", {
      file: "filename must not contain control characters",
    });
  });

  it("C42: refuses a part whose header block is over 8 KB with 431, in the file part or around it", async () => {
    const padding = `\r\nX-Padding: ${"a".repeat(8 * 1024)}`;
    const message = "A part's headers exceed 8 KB";
    await refused(Buffer.concat([part("file", PDF, padding), close]), "HEADERS_TOO_LARGE", undefined, { message });
    await refused(Buffer.concat([part("note", PNG, padding), part("file", PDF), close]), "HEADERS_TOO_LARGE");
    // After the file was spooled: the spool file is removed all the same.
    await refused(Buffer.concat([part("file", PDF), part("note", PNG, padding), close]), "HEADERS_TOO_LARGE");
    // Just under the limit, the part is read whole: its declared type, after the padding, is still checked.
    const under = `\r\nX-Padding: ${"a".repeat(7 * 1024)}\r\nContent-Type: image/png`;
    await refused(Buffer.concat([part("file", PDF, under), close]), "VALIDATION", {
      file: "is declared as image/png but is application/pdf",
    });
  });

  it("refuses a declared length over the limit before reading anything", async () => {
    const untouched = new ReadableStream<Uint8Array>();
    const { run } = receive(untouched, LIMIT + MULTIPART_OVERHEAD + 1);
    await assert.rejects(run, (e: unknown) => e instanceof AppError && e.code === "PAYLOAD_TOO_LARGE");
    assert.equal(untouched.locked, false, "the body was never read");
  });

  it("stops reading as soon as the file grows past the limit (413), whatever the body would still bring", async () => {
    let produced = 0;
    let cancelled = false;
    const head = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\n`),
      PDF,
    ]);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = produced === 0 ? head : Buffer.alloc(16 * 1024, 1);
        produced += chunk.length;
        controller.enqueue(chunk);
      },
      cancel: () => void (cancelled = true),
    });
    await refused(endless, "PAYLOAD_TOO_LARGE");
    assert.ok(produced <= LIMIT + head.length + 16 * 1024, `read ${produced} bytes`);
    assert.ok(cancelled, "the body stream is cancelled");
  });

  it("stops reading when other parts make the body too large", async () => {
    let produced = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk =
          produced === 0
            ? Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n`)
            : Buffer.alloc(16 * 1024, 1);
        produced += chunk.length;
        controller.enqueue(chunk);
      },
    });
    await refused(endless, "PAYLOAD_TOO_LARGE");
    assert.ok(produced <= LIMIT + MULTIPART_OVERHEAD + 16 * 1024 + 100);
  });
});

/** A stream that hands over exactly these chunks. */
function chunked(chunks: Buffer[]): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= chunks.length) return controller.close();
      controller.enqueue(chunks[at++]);
    },
  });
}

const split = (body: Buffer, size: number) => {
  const chunks: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) chunks.push(body.subarray(i, i + size));
  return chunks;
};

const ENDED_EARLY = "Malformed multipart body: the body ended before the closing boundary";

describe("reading the multipart body", () => {
  // Content full of line breaks, dashes and something that looks like the boundary but is not.
  const tricky = Buffer.concat([
    Buffer.from("%PDF-1.7\r\n"),
    Buffer.from([0, 1, 2, 0x0d, 0x0a, 0x2d, 0x2d]),
    Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}X\r\n--`),
  ]);
  const two = Buffer.concat([
    part("note", Buffer.from("hello")),
    part("file", tricky, '; filename="doc.pdf"\r\nContent-Type: application/pdf'),
    close,
  ]);

  it("reads the file whatever the chunking, a boundary split across chunks at every position included", async () => {
    for (const size of [1, 2, 3, 5, 7, 13, 31, 64, two.length]) {
      const received = await receive(chunked(split(two, size))).run;
      assert.deepEqual(await storedBytes(received), tricky, `chunks of ${size}`);
      assert.equal(received.name, "doc.pdf");
    }
    for (let at = 1; at < two.length; at++) {
      const received = await receive(chunked([two.subarray(0, at), two.subarray(at)])).run;
      assert.deepEqual(await storedBytes(received), tricky, `split at ${at}`);
    }
  });

  it("ignores a preamble, a part without headers and an epilogue", async () => {
    const noisy = Buffer.concat([
      Buffer.from("This is the preamble.\r\n"),
      Buffer.from(`--${BOUNDARY}\r\n\r\nbare\r\n`),
      part("file", tricky, '; filename="a.pdf"'),
      close,
      Buffer.from("epilogue text"),
    ]);
    const received = await receive(chunked(split(noisy, 4))).run;
    assert.deepEqual(await storedBytes(received), tricky);
  });

  it("refuses a body that ends before its closing boundary, or has none at all, saying so", async () => {
    await refused(two.subarray(0, two.length - 10), "MALFORMED_BODY", undefined, { message: ENDED_EARLY });
    await refused(Buffer.from('{"file":"x"}'), "MALFORMED_BODY", undefined, { message: ENDED_EARLY });
    await refused(chunked([]), "MALFORMED_BODY", undefined, { message: ENDED_EARLY });
  });

  it("issue 18: a body that ends inside a part the upload ignores is the same 400, and nothing crashes", async () => {
    const inOther = Buffer.concat([part("file", PDF), part("other", PNG, '; filename="b.png"')]);
    await refused(inOther.subarray(0, inOther.length - 4), "MALFORMED_BODY", undefined, { message: ENDED_EARLY });
  });

  it("takes the boundary from any spelling of the Content-Type, and refuses one that names none", async () => {
    const body = Buffer.concat([
      Buffer.from('--a b:c\r\nContent-Disposition: form-data; name="file"\r\n\r\n'),
      PNG,
      Buffer.from("\r\n--a b:c--"),
    ]);
    const { run } = receive(body, undefined, 'Multipart/Form-Data; charset=utf-8; boundary="a b:c"');
    assert.equal((await run).type, "image/png");
    await refused(Buffer.concat([part("file", PNG), close]), "MALFORMED_BODY", undefined, {
      contentType: "multipart/form-data",
      message: "The multipart/form-data Content-Type names no valid boundary",
    });
  });

  it("decodes names as UTF-8, with quotes, escapes and RFC 5987 extended names", async () => {
    const nameOf = async (disposition: string) =>
      (await receive(Buffer.concat([part("file", PDF, disposition), close])).run).name;
    assert.equal(await nameOf('; filename="Überweisung «März» 📄.pdf"'), "Überweisung «März» 📄.pdf");
    assert.equal(await nameOf('; filename="a \\"b\\"; c.pdf"'), 'a "b"; c.pdf');
    assert.equal(await nameOf("; filename=plain.pdf; filename*=UTF-8''%E2%82%AC%20rates.pdf"), "€ rates.pdf");
    assert.equal(await nameOf("; filename*=iso-8859-1'en'%A3.pdf"), "£.pdf");
  });

  it("issue 18: refuses a name the database cannot store: a NUL, or a lone surrogate from an RFC 5987 name", async () => {
    await refused(Buffer.concat([part("file", PDF, "; filename*=UTF-8''a%00b.pdf"), close]), "VALIDATION", {
      file: "filename must not contain control characters",
    });
    await refused(Buffer.concat([part("file", PDF, "; filename*=utf-16le''%00%D8%61%00"), close]), "VALIDATION", {
      file: "filename must not contain NUL characters or unpaired surrogates",
    });
  });
});
