import assert from "node:assert/strict";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { before, describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Caller } from "../oauth/caller.ts";
import { instanceKeyring } from "../keys/instance-keyring.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { readFile } from "./read-file.ts";
import { uploadFile } from "./upload-file.ts";

// Uploading and reading files on a real database (PGlite, or PostgreSQL when DATABASE_URL is set) and local storage.
await setUpTestInstance("files");

const BOUNDARY = "files-test-boundary";
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5000)]);

function multipart(content: Buffer, filename: string) {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n`),
    Buffer.from("Content-Type: image/jpeg\r\n\r\n"),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    declaredLength: body.length,
    body: new Blob([body]).stream(),
  };
}

let uploader: Caller;
let stranger: Caller;
let operator: Caller;

before(async () => {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const caller = async (email: string, roles: string[] = []): Promise<Caller> => {
    const user = await prisma.user.create({
      data: {
        email: `${email}-${stamp}@example.com`,
        roles,
        // An operator who reviews KYC (C58): documents are theirs to read.
        ...(roles.includes("admin") ? { operator: { create: { roles: ["reviewer"] } } } : {}),
      },
    });
    return {
      tokenId: randomUUID(),
      clientId: randomUUID(),
      applicationId: randomUUID(),
      userId: user.id,
      profileId: randomUUID(),
      grantType: "authorization_code",
    };
  };
  uploader = await caller("uploader");
  stranger = await caller("stranger");
  operator = await caller("operator", ["admin"]);
});

const notFound = (error: unknown) => error instanceof AppError && error.code === "NOT_FOUND";

describe("files", () => {
  it("records an upload as a File of the caller, stored once by its hash however often it is sent", async () => {
    const config = getConfig();
    const first = await uploadFile({ caller: uploader, request: multipart(JPEG, "../../etc/passwd"), config });
    const second = await uploadFile({ caller: uploader, request: multipart(JPEG, "again.jpg"), config });
    const hash = createHash("sha256").update(JPEG).digest("hex");
    assert.deepEqual(first, {
      id: first.id,
      name: "../../etc/passwd",
      type: "image/jpeg",
      size: JPEG.length,
      hash,
      meta: { uploadedBy: uploader.userId, createdAt: first.meta.createdAt, updatedAt: first.meta.createdAt },
    });
    assert.notEqual(second.id, first.id);
    const row = await (await db()).storedFile.findUniqueOrThrow({ where: { id: first.id } });
    assert.equal(row.applicationId, uploader.applicationId);
    assert.equal(row.storageKey, hash);
    const dir = (config.files.storage as { dir: string }).dir;
    const objectKey = instanceKeyring(config).blindIndex("file", hash);
    assert.deepEqual(fs.readdirSync(path.join(dir, objectKey.slice(0, 2))), [objectKey], "one object, sealed");
    assert.equal(fs.existsSync(path.join(config.dataDir, "etc")), false);
    assert.deepEqual(fs.readdirSync(config.files.spoolDir), [], "no spool files are left");
  });

  it("gives the content to its uploader and to operators, and answers 404 to anyone else", async () => {
    const config = getConfig();
    const file = await uploadFile({ caller: uploader, request: multipart(JPEG, "scan.jpg"), config });
    for (const reader of [uploader, operator]) {
      const download = await readFile({ caller: reader, id: file.id, config });
      assert.deepEqual(
        { name: download.name, type: download.type, size: download.size },
        { name: "scan.jpg", type: "image/jpeg", size: JPEG.length },
      );
      assert.deepEqual(Buffer.from(await new Response(download.content).arrayBuffer()), JPEG);
    }
    await assert.rejects(readFile({ caller: stranger, id: file.id, config }), notFound);
    await assert.rejects(readFile({ caller: uploader, id: randomUUID(), config }), notFound);
    await assert.rejects(readFile({ caller: operator, id: "not-a-uuid", config }), notFound);
  });
});
