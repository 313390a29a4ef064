import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { getConfig } from "../config.ts";
import type { ClaimHolder } from "../db/claim-holder.ts";
import { claimHolder, db } from "../db/client.ts";
import { countPlainContents } from "../files/encrypt-plain-contents.ts";
import { fileStorage, plainFileStorage } from "../files/configured-storage.ts";
import { SUBMISSION_DATA } from "../profiles/submission-data.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { storeDocument } from "../testing/stored-document.ts";
import { forgetKeyrings, instanceKeyring } from "./instance-keyring.ts";
import { listKeyWork, runKeyWork } from "./key-work.ts";
import { addKeyEncryptionKey } from "./keyring.ts";
import { countUnderOlderKeys } from "./rewrap-data-keys.ts";
import { countPlainRecords } from "./seal-plain-records.ts";
import { openValue } from "./sealed-value.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

// The background passes of encryption at rest (C70), claimed, recorded and done once, on a real database.
await setUpTestInstance("key_work");

const spoolDir = scratchDir("tokenrail-key-work-");

/** A content and a KYC record as a version before sealing stored them: in plain text. */
async function storePlain(i: number): Promise<{ key: string; bytes: Buffer; profileId: string }> {
  const config = getConfig();
  const prisma = await db();
  const bytes = Buffer.concat([Buffer.from(`%PDF-1.7 Erika${i} Mustermann `), randomBytes(2_000)]);
  const key = await storeDocument(plainFileStorage(config), bytes, spoolDir);
  const profile = await prisma.profile.create({ data: { kind: "personal" } });
  await prisma.profileSubmission.create({
    data: {
      profileId: profile.id,
      section: "details",
      state: "pending",
      data: { firstName: `Erika${i}`, lastName: "Mustermann" },
      submittedAt: new Date(),
    },
  });
  return { key, bytes, profileId: profile.id };
}

const byName = async () => Object.fromEntries((await listKeyWork()).map((row) => [row.name, row]));

describe("C70 the key work", () => {
  it("C70 what was stored in plain text is sealed by one pass each, recorded with its progress, and never rescanned after", async () => {
    const config = getConfig();
    const holder = await claimHolder();
    const stored = await Promise.all(Array.from({ length: 6 }, (_, i) => storePlain(i)));
    assert.equal(await countPlainContents(config), 6);
    assert.equal((await countPlainRecords())[SUBMISSION_DATA], 6);

    assert.deepEqual(await runKeyWork(config, holder), ["seal-contents", "seal-records"]);
    assert.equal(await countPlainContents(config), 0);
    assert.equal((await countPlainRecords())[SUBMISSION_DATA], 0);
    const rows = await byName();
    assert.equal(rows.rewrap, undefined, "no rotation, no re-wrap");
    for (const name of ["seal-contents", "seal-records"]) {
      assert.equal(rows[name]!.state, "done");
      assert.equal(rows[name]!.total, 6);
      assert.equal(rows[name]!.done, 6);
      assert.equal(rows[name]!.failed, 0);
      assert.ok(rows[name]!.finishedAt);
    }
    const prisma = await db();
    for (const { key, bytes, profileId } of stored) {
      const content = await fileStorage(config).get(key);
      assert.deepEqual(Buffer.from(await new Response(content).arrayBuffer()), bytes);
      const row = await prisma.profileSubmission.findFirstOrThrow({ where: { profileId } });
      assert.equal(openValue<{ lastName: string }>(row.data, SUBMISSION_DATA).lastName, "Mustermann");
    }
    assert.deepEqual(await runKeyWork(config, holder), [], "a finished pass is not run again");
  });

  it("C70 a rotation starts a re-wrap under the new key, resumed by another instance when the first died, and again at the next rotation", async () => {
    const config = getConfig();
    const holder = await claimHolder();
    assert.deepEqual(await runKeyWork(config, holder), []);

    const first = addKeyEncryptionKey(config.keys.keyringFile);
    forgetKeyrings();
    assert.equal(instanceKeyring(config).currentKekId, first);
    const before = await countUnderOlderKeys(config);
    assert.ok(before.records >= 6 && before.files >= 6, JSON.stringify(before));

    // An instance that claimed the re-wrap and died (its holder number is no longer live) left it running.
    const dead: ClaimHolder = {
      current: () => 2_000_000_000,
      holds: () => false,
      onHoldersGone: () => () => undefined,
      close: () => Promise.resolve(),
    };
    assert.deepEqual(await runKeyWork(config, dead), [], "its claim was lost at the first record of progress");
    let rows = await byName();
    assert.equal(rows.rewrap!.state, "running");
    assert.equal(rows.rewrap!.kekId, first);

    assert.deepEqual(await runKeyWork(config, holder), ["rewrap"]);
    assert.deepEqual(await countUnderOlderKeys(config), { records: 0, files: 0 });
    rows = await byName();
    assert.equal(rows.rewrap!.state, "done");
    assert.equal(rows.rewrap!.done, rows.rewrap!.total);
    assert.ok(rows.rewrap!.total >= before.records + before.files);

    const second = addKeyEncryptionKey(config.keys.keyringFile);
    forgetKeyrings();
    assert.deepEqual(await runKeyWork(config, holder), ["rewrap"], "a newer key starts the pass again");
    rows = await byName();
    assert.equal(rows.rewrap!.kekId, second);
    assert.equal(rows.rewrap!.state, "done");
    assert.deepEqual(await countUnderOlderKeys(config), { records: 0, files: 0 });
    assert.deepEqual(await runKeyWork(config, holder), []);
  });
});
