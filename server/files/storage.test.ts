import assert from "node:assert/strict";
import { createHash, createHmac, randomBytes, type Hash, type Hmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { SignatureV4 } from "@smithy/signature-v4";
import { LocalFileStorage } from "./local-storage.ts";
import { S3FileStorage } from "./s3-storage.ts";
import type { FileStorage, SpooledContent } from "./storage.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

const tmp = () => scratchDir("tokenrail-storage-");

function spool(dir: string, content: Buffer): SpooledContent {
  const file = path.join(dir, `${randomBytes(4).toString("hex")}.part`);
  fs.writeFileSync(file, content);
  return { path: file, sha256: createHash("sha256").update(content).digest("hex"), size: content.length };
}

async function bytesOf(stream: ReadableStream<Uint8Array> | undefined): Promise<Buffer> {
  assert.ok(stream);
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** What every storage does, whatever it is backed by. */
function behaves(name: string, make: () => { storage: FileStorage; spoolDir: string; stored: () => number }) {
  describe(name, () => {
    it("stores content under its SHA-256, once however often it is put, and takes the spool file over", async () => {
      const { storage, spoolDir, stored } = make();
      const content = randomBytes(70_000);
      const first = spool(spoolDir, content);
      const key = await storage.put(first);
      assert.equal(key, first.sha256);
      assert.equal(fs.existsSync(first.path), false);
      const again = spool(spoolDir, content);
      assert.equal(await storage.put(again), key);
      assert.equal(fs.existsSync(again.path), false);
      assert.equal(stored(), 1);
      assert.ok(await storage.exists(key));
      assert.deepEqual(await bytesOf(await storage.get(key)), content);
    });

    it("stores content given in memory under its SHA-256 once, and what was put either way is not stored again", async () => {
      const { storage, spoolDir, stored } = make();
      const content = randomBytes(5_000);
      const key = createHash("sha256").update(content).digest("hex");
      await storage.putBytes(content, key);
      await storage.putBytes(content, key);
      assert.equal(stored(), 1);
      assert.ok(await storage.exists(key));
      assert.deepEqual(await bytesOf(await storage.get(key)), content);
      const again = spool(spoolDir, content);
      assert.equal(await storage.put(again), key);
      assert.equal(stored(), 1);
      const other = randomBytes(300);
      const otherKey = await storage.put(spool(spoolDir, other));
      await storage.putBytes(other, otherKey);
      assert.equal(stored(), 2);
      assert.deepEqual(await bytesOf(await storage.get(otherKey)), other);
      await assert.rejects(storage.putBytes(content, "../../etc/passwd"), /not a content key/);
    });

    it("misses unknown keys and never looks up anything that is not a content key", async () => {
      const { storage } = make();
      assert.equal(await storage.get("0".repeat(64)), undefined);
      assert.equal(await storage.exists("0".repeat(64)), false);
      for (const key of ["../../etc/passwd", "ab/cd", "A".repeat(64), ""]) {
        assert.equal(await storage.get(key), undefined);
        assert.equal(await storage.exists(key), false);
      }
    });
  });
}

const countFiles = (dir: string): number =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .reduce((n, e) => n + (e.isDirectory() ? countFiles(path.join(dir, e.name)) : 1), 0)
    : 0;

behaves("local storage", () => {
  const root = tmp();
  return {
    storage: new LocalFileStorage(path.join(root, "files")),
    spoolDir: root,
    stored: () => countFiles(path.join(root, "files")),
  };
});

describe("local storage layout", () => {
  it("fans content out by its first byte and leaves no temporary files behind", async () => {
    const root = tmp();
    const storage = new LocalFileStorage(path.join(root, "files"));
    const content = spool(root, Buffer.from("%PDF-1.7 layout"));
    await storage.put(content);
    const prefix = content.sha256.slice(0, 2);
    assert.deepEqual(fs.readdirSync(path.join(root, "files")), [prefix]);
    assert.deepEqual(fs.readdirSync(path.join(root, "files", prefix)), [content.sha256]);
  });
});

// An S3 stand-in: keeps objects in memory and accepts only requests whose SigV4 signature, recomputed by AWS's own
// signer (@smithy/signature-v4, the AWS SDK's), and payload hash check out, as S3 itself does.
const s3Credentials = { accessKeyId: "TESTKEY", secretAccessKey: "test-secret", region: "eu-west-1" };
const objects = new Map<string, Buffer>();
const requests: string[] = [];
let endpoint = "";

/** SHA-256 and HMAC-SHA256 from node:crypto in the shape the AWS signer takes. */
class NodeSha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    const { secret } = this;
    if (secret === undefined) return createHash("sha256");
    const key =
      typeof secret === "string"
        ? Buffer.from(secret, "utf8")
        : ArrayBuffer.isView(secret)
          ? Buffer.from(secret.buffer, secret.byteOffset, secret.byteLength)
          : Buffer.from(secret);
    return createHmac("sha256", key);
  }
  update(data: Uint8Array): void {
    this.hash.update(data);
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.fresh();
  }
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** What S3 checks of a header-signed request: the key, the scope, the signed headers it insists on, the clock, the signature. */
async function signatureHolds(req: http.IncomingMessage): Promise<boolean> {
  const match = AUTHORIZATION.exec(String(req.headers.authorization));
  if (!match) return false;
  const [, keyId, day, region, signedHeaders = "", signature] = match;
  const signed = signedHeaders.split(";");
  if (keyId !== s3Credentials.accessKeyId || region !== s3Credentials.region) return false;
  if (!["host", "x-amz-content-sha256", "x-amz-date"].every((name) => signed.includes(name))) return false;
  const amzDate = String(req.headers["x-amz-date"]);
  const at = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
  if (amzDate.slice(0, 8) !== day || !(Math.abs(Date.now() - at.getTime()) < 15 * 60_000)) return false;
  const signer = new SignatureV4({
    credentials: s3Credentials,
    region: s3Credentials.region,
    service: "s3",
    sha256: NodeSha256,
    // S3's canonical path is the path as sent, encoded once.
    uriEscapePath: false,
    applyChecksum: false,
  });
  const url = new URL(req.url ?? "/", "http://x");
  const expected = await signer.sign(
    {
      method: req.method ?? "",
      protocol: "http:",
      hostname: url.hostname,
      path: url.pathname,
      query: {},
      headers: Object.fromEntries(signed.map((name) => [name, String(req.headers[name] ?? "")])),
    },
    { signingDate: at },
  );
  return String(expected.headers.authorization).endsWith(`SignedHeaders=${signedHeaders}, Signature=${signature}`);
}

const fakeS3 = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    void (async () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", "http://x");
      requests.push(`${req.method} ${url.pathname}`);
      const payloadOk =
        req.method !== "PUT" || createHash("sha256").update(body).digest("hex") === req.headers["x-amz-content-sha256"];
      if (!(await signatureHolds(req)) || !payloadOk) {
        res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
        return;
      }
      if (req.method === "PUT") {
        assert.equal(req.headers["content-length"], String(body.length));
        assert.equal(req.headers["transfer-encoding"], undefined);
        objects.set(url.pathname, body);
        res.writeHead(200).end();
      } else {
        const object = objects.get(url.pathname);
        if (!object) res.writeHead(404).end();
        else res.writeHead(200, { "content-length": object.length }).end(req.method === "HEAD" ? undefined : object);
      }
    })();
  });
});

before(async () => {
  await new Promise<void>((resolve) => fakeS3.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(fakeS3.address() as { port: number }).port}`;
});
after(() => fakeS3.close());

behaves("S3 storage (against a signature-checking stand-in)", () => {
  objects.clear();
  const storage = new S3FileStorage({ kind: "s3", endpoint, bucket: "tokenrail-files", ...s3Credentials });
  return { storage, spoolDir: tmp(), stored: () => objects.size };
});

describe("S3 storage requests", () => {
  it("are path-style under files/ab/<sha256>, and a wrong secret is refused by the store", async () => {
    objects.clear();
    requests.length = 0;
    const storage = new S3FileStorage({ kind: "s3", endpoint, bucket: "tokenrail-files", ...s3Credentials });
    const content = spool(tmp(), Buffer.from("%PDF-1.7 s3"));
    await storage.put(content);
    const key = `/tokenrail-files/files/${content.sha256.slice(0, 2)}/${content.sha256}`;
    assert.deepEqual(requests, [`HEAD ${key}`, `PUT ${key}`]);

    const wrong = new S3FileStorage({
      kind: "s3",
      endpoint,
      bucket: "tokenrail-files",
      ...s3Credentials,
      secretAccessKey: "nope",
    });
    await assert.rejects(wrong.get(content.sha256), /S3 GET answered 403/);
  });
});
