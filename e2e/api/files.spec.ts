import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, clientCredentialsToken, jsonOf, server } from "../fixtures/api.ts";
import { customerHeaders, linkedCustomer } from "../fixtures/customer.ts";
import { storedContentPath } from "../fixtures/stored-content.ts";

/**
 * POST /files and GET /files/{id} over HTTP. Contents are random so that parallel tests never share a blob; the
 * blobs are looked for in the test server's data directory, where the default local storage keeps them.
 */

const LIMIT = 5 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILES_DIR = path.join(server.dataDir, "files");

const pdf = (size = 4096) => Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(size)]);
const jpeg = (size = 4096) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size)]);
const png = (size = 4096) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size)]);
const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");

type FileBody = {
  id: string;
  name: string;
  type: string;
  size: number;
  hash: string;
  meta: { uploadedBy: string; createdAt: string; updatedAt: string };
};

async function bearer(request: APIRequestContext) {
  return { authorization: `Bearer ${await clientCredentialsToken(request)}` };
}

function upload(
  request: APIRequestContext,
  headers: Record<string, string>,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  return request.post(api("/files"), { headers, multipart: { file } });
}

/** Every stored blob under the data directory's files/, by name (spool files live elsewhere). */
function storedBlobs(dir = FILES_DIR): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? storedBlobs(path.join(dir, e.name)) : [e.name]));
}

/** Every path under the data directory except the database's own. */
function everyPath(dir = server.dataDir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== "pglite")
    .flatMap((e) => [path.join(dir, e.name), ...(e.isDirectory() ? everyPath(path.join(dir, e.name)) : [])]);
}

/** An access token for a customer (authorization-code grant), i.e. another person than the demo developer. */
async function customerToken(request: APIRequestContext): Promise<Record<string, string>> {
  const { authorization = "" } = await customerHeaders(request, (await linkedCustomer(request)).account);
  return { authorization };
}

test.describe("POST /files", () => {
  for (const [kind, make, mimeType, name] of [
    ["PDF", pdf, "application/pdf", "statement.pdf"],
    ["JPEG", jpeg, "image/jpeg", "passport.jpg"],
    ["PNG", png, "image/png", "utility-bill.png"],
  ] as const) {
    test(`C27: a ${kind} upload answers 200 with the File: its name, type, size and SHA-256`, async ({ request }) => {
      const headers = await bearer(request);
      const content = make();
      const res = await upload(request, headers, { name, mimeType, buffer: content });
      expect(res.status()).toBe(200);
      const body = (await jsonOf(res)) as FileBody;
      expect(body).toEqual({
        id: expect.stringMatching(UUID) as unknown,
        name,
        type: mimeType,
        size: content.length,
        hash: sha256(content),
        meta: {
          uploadedBy: expect.stringMatching(UUID) as unknown,
          createdAt: expect.any(String) as unknown,
          updatedAt: expect.any(String) as unknown,
        },
      });
      expect(Date.parse(body.meta.createdAt)).not.toBeNaN();
      const context = await request.get(api("/auth/context"), { headers });
      expect(body.meta.uploadedBy).toBe(((await context.json()) as { userId: string }).userId);
    });
  }

  test("C27: content is judged by its bytes: a PNG declared as PDF and plain text are refused with 400", async ({
    request,
  }) => {
    const headers = await bearer(request);
    const disguised = await upload(request, headers, { name: "a.pdf", mimeType: "application/pdf", buffer: png() });
    expect(disguised.status()).toBe(400);
    expect(await jsonOf(disguised)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "File content does not match its declared type",
      errors: { file: "is declared as application/pdf but is image/png" },
    });
    const text = await upload(request, headers, {
      name: "notes.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><script>alert(1)</script></html>"),
    });
    expect(text.status()).toBe(400);
    expect(await jsonOf(text)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "Unsupported file type",
      errors: { file: "must be a PDF, JPEG or PNG document" },
    });
  });

  test("C27: a filename over 100 characters is refused with 400; 100 characters are accepted", async ({ request }) => {
    const headers = await bearer(request);
    const long = await upload(request, headers, {
      name: `${"a".repeat(97)}.pdf`,
      mimeType: "application/pdf",
      buffer: pdf(),
    });
    expect(long.status()).toBe(400);
    expect(await jsonOf(long)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "Filename too long",
      errors: { file: "filename must be at most 100 characters" },
    });
    const name = `${"ä".repeat(96)}.pdf`;
    const fits = await upload(request, headers, { name, mimeType: "application/pdf", buffer: pdf() });
    expect(fits.status()).toBe(200);
    expect(((await fits.json()) as FileBody).name).toBe(name);
  });

  test("C27: a body over the size limit is refused with 413 in the spec's error body", async ({ request }) => {
    const res = await upload(request, await bearer(request), {
      name: "big.pdf",
      mimeType: "application/pdf",
      buffer: pdf(LIMIT + 1024 * 1024),
    });
    expect(res.status()).toBe(413);
    expect(await jsonOf(res)).toEqual({
      code: 413,
      status: "Payload Too Large",
      message: `File exceeds the limit of ${LIMIT} bytes`,
    });
  });

  test("C27: a streamed body without Content-Length gets its 413 while the client is still sending", async ({
    request,
  }) => {
    const { authorization } = await bearer(request);
    const boundary = "tokenrail-stream-boundary";
    const total = 8 * LIMIT;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const req = http.request({
      host: "localhost",
      port: server.port,
      method: "POST",
      path: "/api/files",
      headers: { authorization, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    let response: http.IncomingMessage | undefined;
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      req.on("response", (res) => resolve((response = res)));
      req.on("error", reject);
    });
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="endless.pdf"\r\n\r\n%PDF-1.7\n`);
    let sent = 0;
    while (!response && sent < total) {
      sent += chunk.length;
      if (!req.write(chunk)) {
        await Promise.race([new Promise((r) => req.once("drain", r)), answered.catch(() => undefined)]);
      }
    }
    const res = await answered;
    expect(sent, "the answer came before the body was complete").toBeLessThan(total);
    expect(res.statusCode).toBe(413);
    let text = "";
    for await (const part of res) text += String(part);
    req.destroy();
    expect(JSON.parse(text)).toEqual({
      code: 413,
      status: "Payload Too Large",
      message: `File exceeds the limit of ${LIMIT} bytes`,
    });
  });

  test("C27: the same content uploaded twice is two Files and one stored blob", async ({ request }) => {
    const headers = await bearer(request);
    const content = jpeg();
    const first = (await (
      await upload(request, headers, { name: "a.jpg", mimeType: "image/jpeg", buffer: content })
    ).json()) as FileBody;
    const second = (await (
      await upload(request, headers, { name: "b.jpg", mimeType: "image/jpeg", buffer: content })
    ).json()) as FileBody;
    expect(second.id).not.toBe(first.id);
    expect(second.hash).toBe(first.hash);
    const sealed = storedContentPath(server.dataDir, first.hash);
    expect(storedBlobs().filter((name) => name === path.basename(sealed))).toHaveLength(1);
    expect(storedBlobs()).not.toContain(first.hash);
    expect(fs.existsSync(sealed)).toBe(true);
  });

  test("C27: a filename such as ../../etc/passwd is only the File's name; the content is stored by its hash", async ({
    request,
  }) => {
    const headers = await bearer(request);
    const content = pdf();
    const res = await upload(request, headers, {
      name: "../../etc/passwd",
      mimeType: "application/pdf",
      buffer: content,
    });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as FileBody;
    expect(body.name).toBe("../../etc/passwd");
    // Stored sealed (C70): under a keyed hash, with nothing of the content in it; the download gives it back.
    const sealed = fs.readFileSync(storedContentPath(server.dataDir, body.hash));
    expect(sealed.includes(content.subarray(0, 64))).toBe(false);
    const download = await request.get(api(`/files/${body.id}`), { headers });
    expect(Buffer.from(await download.body())).toEqual(content);
    expect(everyPath().filter((p) => /passwd|[/\\]etc([/\\]|$)/.test(p))).toEqual([]);
    expect(fs.existsSync(path.join(path.dirname(server.dataDir), "etc", "passwd"))).toBe(false);
  });

  test("C27: uploading needs a bearer token: 401 without one", async ({ request }) => {
    const res = await request.post(api("/files"), {
      multipart: { file: { name: "a.pdf", mimeType: "application/pdf", buffer: pdf() } },
    });
    expect(res.status()).toBe(401);
    expect(await jsonOf(res)).toEqual({ code: 401, status: "Unauthorized", message: "Not authenticated" });
  });

  test("C28: a JSON body instead of multipart/form-data is refused with 400, not 500", async ({ request }) => {
    const headers = await bearer(request);
    const json = await request.post(api("/files"), { headers, data: { file: "JVBERi0xLjcK" } });
    expect(json.status()).toBe(400);
    expect(await jsonOf(json)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "Content-Type must be multipart/form-data with a part named file",
    });
    const truncated = await request.post(api("/files"), {
      headers: { ...headers, "content-type": "multipart/form-data; boundary=xyz" },
      data: Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\n%PDF-1.7'),
    });
    expect(truncated.status()).toBe(400);
    expect(await jsonOf(truncated)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "Malformed multipart body: the body ended before the closing boundary",
    });
    const noFile = await request.post(api("/files"), { headers, multipart: { document: "x" } });
    expect(noFile.status()).toBe(400);
    expect(((await noFile.json()) as { errors: object }).errors).toEqual({ file: "is required" });
  });
});

test.describe("GET /files/{id}", () => {
  test("C27: the uploader downloads the exact bytes as an attachment that is never sniffed nor cached", async ({
    request,
  }) => {
    const headers = await bearer(request);
    const content = png(20_000);
    const uploaded = (await (
      await upload(request, headers, { name: "Überweisung März (1).png", mimeType: "image/png", buffer: content })
    ).json()) as FileBody;
    const res = await request.get(api(`/files/${uploaded.id}`), { headers });
    expect(res.status()).toBe(200);
    expect(await res.body()).toEqual(content);
    expect(res.headers()).toMatchObject({
      "content-type": "image/png",
      "content-disposition": `attachment; filename="_berweisung M_rz (1).png"; filename*=UTF-8''%C3%9Cberweisung%20M%C3%A4rz%20%281%29.png`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
  });

  test("C27: another person, an unknown id and a malformed id all get the same 404; no token gets 401", async ({
    request,
  }) => {
    const partner = await bearer(request);
    const customer = await customerToken(request);
    const ofPartner = (await (
      await upload(request, partner, { name: "a.pdf", mimeType: "application/pdf", buffer: pdf() })
    ).json()) as FileBody;
    const ofCustomer = await upload(request, customer, { name: "id.jpg", mimeType: "image/jpeg", buffer: jpeg() });
    expect(ofCustomer.status()).toBe(200);
    const customerFile = (await ofCustomer.json()) as FileBody;
    expect(customerFile.meta.uploadedBy).not.toBe(ofPartner.meta.uploadedBy);

    const notFound = { code: 404, status: "Not Found", message: "File not found" };
    for (const [headers, id] of [
      [customer, ofPartner.id],
      [partner, customerFile.id],
      [partner, "8d0c2b8e-0000-4000-8000-000000000000"],
      [partner, "../../etc/passwd"],
    ] as const) {
      const res = await request.get(api(`/files/${encodeURIComponent(id)}`), { headers });
      expect(res.status(), id).toBe(404);
      expect(await jsonOf(res)).toEqual(notFound);
    }
    expect((await request.get(api(`/files/${customerFile.id}`), { headers: customer })).status()).toBe(200);
    const anonymous = await request.get(api(`/files/${ofPartner.id}`));
    expect(anonymous.status()).toBe(401);
  });
});
