import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import S3rver from "s3rver";
import { S3FileStorage } from "./s3-storage.ts";
import type { SpooledContent } from "./storage.ts";

// The S3 storage against s3rver, an independent S3-compatible server: real S3 requests and responses (path-style
// keys, streamed PUT with Content-Length, HEAD and GET, 404s), signed by aws4fetch. s3rver reads the SigV4
// Authorization header and checks the access key id but does not recompute v4 signatures; the stand-in in
// storage.test.ts recomputes every one with AWS's own signer and refuses those that do not match.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-s3rver-"));
const server = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory: root,
  configureBuckets: [{ name: "docs" }],
});
let endpoint = "";

before(async () => {
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
after(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1" };

function spool(content: Buffer): SpooledContent {
  const file = path.join(root, `${randomBytes(4).toString("hex")}.part`);
  fs.writeFileSync(file, content);
  return { path: file, sha256: createHash("sha256").update(content).digest("hex"), size: content.length };
}

describe("S3 storage on an S3-compatible server", () => {
  it("puts content under its hash, finds it, reads the exact bytes back, and stores known content once", async () => {
    const storage = new S3FileStorage({ kind: "s3", endpoint, bucket: "docs", ...credentials });
    const content = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(300_000)]);
    const key = await storage.put(spool(content));
    assert.equal(key, createHash("sha256").update(content).digest("hex"));
    assert.ok(await storage.exists(key));
    const read = await storage.get(key);
    assert.ok(read);
    assert.deepEqual(Buffer.from(await new Response(read).arrayBuffer()), content);
    assert.equal(await storage.put(spool(content)), key);
    assert.equal(await storage.exists("0".repeat(64)), false);
    assert.equal(await storage.get("0".repeat(64)), undefined);
  });

  it("an access key the server does not know is refused, and nothing is stored", async () => {
    const storage = new S3FileStorage({ kind: "s3", endpoint, bucket: "docs", ...credentials, accessKeyId: "NOBODY" });
    const content = randomBytes(1000);
    await assert.rejects(storage.put(spool(content)), /S3 PUT answered 403/);
    const honest = new S3FileStorage({ kind: "s3", endpoint, bucket: "docs", ...credentials });
    assert.equal(await honest.exists(createHash("sha256").update(content).digest("hex")), false);
  });
});
