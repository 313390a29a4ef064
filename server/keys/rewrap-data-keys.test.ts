import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { fileStorage } from "../files/configured-storage.ts";
import { SUBMISSION_DATA } from "../profiles/submission-data.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { storeDocument } from "../testing/stored-document.ts";
import { forgetKeyrings, instanceKeyring } from "./instance-keyring.ts";
import { addKeyEncryptionKey, retireKeyEncryptionKeys } from "./keyring.ts";
import { countUnderOlderKeys, rewrapDataKeys } from "./rewrap-data-keys.ts";
import { openValue, sealValue, sealedUnder } from "./sealed-value.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

// Rotation of the key-encryption key (C70) on a real database (PGlite, or PostgreSQL with DATABASE_URL).
await setUpTestInstance("rewrap_data_keys");

const spoolDir = scratchDir("tokenrail-rotation-");

async function storeFile(): Promise<{ key: string; bytes: Buffer }> {
  const bytes = Buffer.concat([Buffer.from("%PDF-1.7 Erika Mustermann "), randomBytes(70_000)]);
  return { key: await storeDocument(fileStorage(getConfig()), bytes, spoolDir), bytes };
}

async function storeRecord(i: number): Promise<{ profileId: string; value: object }> {
  const prisma = await db();
  const value = { firstName: `Erika${i}`, lastName: "Mustermann", birthday: "1964-08-12" };
  const profile = await prisma.profile.create({ data: { kind: "personal" } });
  await prisma.profileSubmission.create({
    data: {
      profileId: profile.id,
      section: "details",
      state: "pending",
      data: sealValue(value, SUBMISSION_DATA),
      submittedAt: new Date(),
    },
  });
  return { profileId: profile.id, value };
}

async function bytesOf(stream: ReadableStream<Uint8Array> | undefined): Promise<Buffer> {
  assert.ok(stream, "content found");
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe("rotating the key-encryption key", () => {
  it("C70: under writes, every record and file is re-wrapped under the new key, none is lost, and the old key can go", async () => {
    const config = getConfig();
    const before = instanceKeyring(config).currentKekId;
    const files = await Promise.all(Array.from({ length: 4 }, () => storeFile()));
    const records = await Promise.all(Array.from({ length: 30 }, (_, i) => storeRecord(i)));

    const next = addKeyEncryptionKey(config.keys.keyringFile);
    forgetKeyrings();
    assert.equal(instanceKeyring(config).currentKekId, next);
    assert.deepEqual(await countUnderOlderKeys(config), { records: 30, files: 4 });

    // Writes go on during the rotation: new data is sealed under the new key, old data still opens.
    const [rewrapped, lateFiles, lateRecords] = await Promise.all([
      rewrapDataKeys(config),
      Promise.all(Array.from({ length: 2 }, () => storeFile())),
      Promise.all(Array.from({ length: 10 }, (_, i) => storeRecord(100 + i))),
    ]);
    assert.deepEqual(rewrapped, { records: 30, files: 4 });
    assert.deepEqual(await countUnderOlderKeys(config), { records: 0, files: 0 }, "no row or file under the old key");
    assert.deepEqual(await rewrapDataKeys(config), { records: 0, files: 0 }, "a second run finds nothing");

    assert.deepEqual(retireKeyEncryptionKeys(config.keys.keyringFile, new Set()), [before]);
    forgetKeyrings();
    assert.deepEqual(instanceKeyring(config).kekIds, [next], "only the new key is left");
    const prisma = await db();
    for (const { profileId, value } of [...records, ...lateRecords]) {
      const row = await prisma.profileSubmission.findFirstOrThrow({ where: { profileId } });
      assert.equal(sealedUnder(row.data), next);
      assert.deepEqual(openValue(row.data, SUBMISSION_DATA), value);
    }
    for (const { key, bytes } of [...files, ...lateFiles]) {
      assert.deepEqual(
        await bytesOf(await fileStorage(config).get(key)),
        bytes,
        "the file opens with the new key alone",
      );
    }
  });
});
