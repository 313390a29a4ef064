import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { AppError } from "../http/errors.ts";
import { MULTIPART_OVERHEAD, receiveUpload } from "./receive-upload.ts";

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

function receive(body: Buffer | ReadableStream<Uint8Array>, declaredLength?: number) {
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-spool-"));
  const stream = Buffer.isBuffer(body) ? streamOf(body) : body;
  const run = receiveUpload(
    { boundary: BOUNDARY, declaredLength, body: stream },
    { field: "file", limit: LIMIT, spoolDir },
  );
  return { run, spoolDir };
}

async function refused(body: Buffer | ReadableStream<Uint8Array>, code: AppError["code"], fields?: object) {
  const { run, spoolDir } = receive(body);
  await assert.rejects(run, (error: unknown) => {
    assert.ok(error instanceof AppError);
    assert.equal(error.code, code);
    if (fields) assert.deepEqual(error.fields, fields);
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
    assert.equal(received.content.size, PDF.length);
    assert.equal(received.content.sha256, createHash("sha256").update(PDF).digest("hex"));
    assert.deepEqual(fs.readFileSync(received.content.path), PDF);
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
