import assert from "node:assert/strict";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { addKeyEncryptionKey, readKeyring } from "../keys/keyring.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { mulberry32 } from "../testing/seeded-random.ts";
import { fileStorage, plainFileStorage } from "./configured-storage.ts";
import { countPlainContents, encryptPlainContents } from "./encrypt-plain-contents.ts";
import { EncryptedFileStorage } from "./encrypted-storage.ts";
import { LocalFileStorage } from "./local-storage.ts";
import type { SpooledContent } from "./storage.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

// Contents encrypted at rest (C70) on a real database (PGlite, or PostgreSQL with DATABASE_URL) and local storage.
await setUpTestInstance("encrypted_storage");

const FRAME = 64 * 1024;
const tmp = () => scratchDir("tokenrail-sealed-");

function spool(dir: string, content: Buffer): SpooledContent {
  const file = path.join(dir, `${randomBytes(4).toString("hex")}.part`);
  fs.writeFileSync(file, content);
  return { path: file, sha256: createHash("sha256").update(content).digest("hex"), size: content.length };
}

async function bytesOf(stream: ReadableStream<Uint8Array> | undefined): Promise<Buffer> {
  assert.ok(stream, "content found");
  return Buffer.from(await new Response(stream).arrayBuffer());
}

/** A store of its own on the instance's database and keyring, and where its ciphertext lies. */
function sealedStore() {
  const root = tmp();
  const storage = new EncryptedFileStorage(
    new LocalFileStorage(path.join(root, "files")),
    readKeyring(path.join(root, "keyring.json"), { create: true }),
    path.join(root, "spool"),
  );
  const filesOf = (): string[] => {
    const found: string[] = [];
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else found.push(full);
      }
    };
    walk(path.join(root, "files"));
    return found;
  };
  return { root, storage, filesOf, spoolDir: path.join(root, "spool") };
}

/** Content of `size` bytes from a seeded generator, with a recognisable personal value inside when it fits. */
function content(size: number, seed: number, marker = "PASSPORT X1234567 ERIKA MUSTERMANN"): Buffer {
  const next = mulberry32(seed);
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = Math.floor(next() * 256);
  if (size > marker.length * 2) bytes.write(marker, Math.floor(size / 2), "latin1");
  return bytes;
}

describe("contents encrypted at rest", () => {
  it("C70: every size around the frame boundaries comes back byte for byte, and the store holds neither the content nor its hash", async () => {
    const { storage, filesOf, spoolDir } = sealedStore();
    // Around the frames' boundaries, and around those of the 16 frames sealed per read of the spool.
    const sizes = [0, 1, 100, FRAME - 1, FRAME, FRAME + 1, 2 * FRAME, 3 * FRAME + 5, 16 * FRAME - 1, 16 * FRAME];
    sizes.push(16 * FRAME + 1, 33 * FRAME + 7);
    fs.mkdirSync(spoolDir, { recursive: true });
    for (const [i, size] of sizes.entries()) {
      const bytes = content(size, 1000 + i);
      const spooled = spool(spoolDir, bytes);
      assert.equal(await storage.put(spooled), spooled.sha256);
      assert.deepEqual(await bytesOf(await storage.get(spooled.sha256)), bytes, `${size} bytes`);
      assert.ok(await storage.exists(spooled.sha256));
      const stored = filesOf();
      for (const file of stored) {
        assert.ok(!file.includes(spooled.sha256), "no path names the content's hash");
        const sealed = fs.readFileSync(file);
        assert.equal(sealed.indexOf("ERIKA MUSTERMANN"), -1, "the personal value is nowhere in the store");
        if (size > 16) assert.equal(sealed.indexOf(bytes.subarray(0, 16)), -1, "no run of the content is stored");
      }
    }
    assert.equal(filesOf().length, sizes.length);
  });

  it("C70: content stored from memory is sealed as a spooled one is: byte for byte back, nothing readable, re-wrapped by rotation", async () => {
    const { root, storage, filesOf, spoolDir } = sealedStore();
    const sizes = [0, 1, 100, FRAME - 1, FRAME, FRAME + 1, 2 * FRAME, 3 * FRAME + 5];
    const keys: string[] = [];
    for (const [i, size] of sizes.entries()) {
      const bytes = content(size, 2000 + i);
      const key = createHash("sha256").update(bytes).digest("hex");
      keys.push(key);
      await storage.putBytes(bytes, key);
      await storage.putBytes(bytes, key);
      assert.deepEqual(await bytesOf(await storage.get(key)), bytes, `${size} bytes`);
      for (const file of filesOf()) {
        assert.ok(!file.includes(key), "no path names the content's hash");
        const sealed = fs.readFileSync(file);
        assert.equal(sealed.indexOf("ERIKA MUSTERMANN"), -1, "the personal value is nowhere in the store");
        if (size > 16) assert.equal(sealed.indexOf(bytes.subarray(0, 16)), -1, "no run of the content is stored");
      }
    }
    assert.equal(filesOf().length, sizes.length, "each content once");
    assert.equal(fs.existsSync(spoolDir) ? fs.readdirSync(spoolDir).length : 0, 0, "no spool file is left behind");
    const kept = content(sizes[2]!, 2002);
    await assert.rejects(storage.putBytes(kept, "../../etc/passwd"), /not a content key/);
    // A spooled put of the same content finds it stored.
    fs.mkdirSync(spoolDir, { recursive: true });
    const spooled = spool(spoolDir, kept);
    assert.equal(await storage.put(spooled), keys[2]);
    assert.equal(filesOf().length, sizes.length);
    // Rotation re-wraps what was stored from memory like any other content.
    const keyringFile = path.join(root, "keyring.json");
    addKeyEncryptionKey(keyringFile);
    const rotated = new EncryptedFileStorage(
      new LocalFileStorage(path.join(root, "files")),
      readKeyring(keyringFile, { create: false }),
      spoolDir,
    );
    assert.equal(await rotated.rewrap(keys[5]!), true);
    assert.deepEqual(await bytesOf(await rotated.get(keys[5]!)), content(sizes[5]!, 2005));
  });

  it("C70: a sealed object altered, cut short, cut at a frame's end or moved to another key does not open", async () => {
    const { storage, filesOf, spoolDir } = sealedStore();
    fs.mkdirSync(spoolDir, { recursive: true });
    const first = content(2 * FRAME + 300, 7);
    const second = content(2 * FRAME + 300, 8);
    const a = spool(spoolDir, first);
    const b = spool(spoolDir, second);
    await storage.put(a);
    await storage.put(b);
    const fileOf = (sha: string) => filesOf().find((f) => f.endsWith(storage.objectKey(sha)))!;
    const original = fs.readFileSync(fileOf(a.sha256));
    const refuses = async (mutated: Buffer, what: string) => {
      fs.writeFileSync(fileOf(a.sha256), mutated);
      await assert.rejects(bytesOf(await storage.get(a.sha256)), Error, what);
    };
    const flipped = Buffer.from(original);
    flipped[FRAME + 40] = flipped[FRAME + 40]! ^ 1;
    await refuses(flipped, "one bit flipped in the second frame");
    await refuses(original.subarray(0, original.length - 1), "the last byte cut off");
    await refuses(original.subarray(0, original.length - (300 + 16)), "cut at a frame's end");
    const wrappedKey = Buffer.from(original);
    wrappedKey[20] = wrappedKey[20]! ^ 1;
    await refuses(wrappedKey, "the wrapped data key altered");
    await refuses(fs.readFileSync(fileOf(b.sha256)), "another object's ciphertext");
    fs.writeFileSync(fileOf(a.sha256), original);
    assert.deepEqual(await bytesOf(await storage.get(a.sha256)), first, "the untouched object still opens");
  });

  it("C70: the same new content stored by several writers at once is one object, readable", async () => {
    const { storage, filesOf, spoolDir } = sealedStore();
    fs.mkdirSync(spoolDir, { recursive: true });
    const bytes = content(FRAME + 10, 21);
    const spools = Array.from({ length: 6 }, () => spool(spoolDir, bytes));
    const keys = await Promise.all(spools.map((s) => storage.put(s)));
    assert.ok(keys.every((k) => k === spools[0]!.sha256));
    assert.equal(filesOf().length, 1);
    assert.deepEqual(await bytesOf(await storage.get(spools[0]!.sha256)), bytes);
    assert.deepEqual(fs.readdirSync(spoolDir), [], "no spool file is left behind");
  });

  it("C70: the instance's own storage seals with the keyring in its data directory; without that keyring nothing opens", async () => {
    const config = getConfig();
    const storage = fileStorage(config);
    const dir = tmp();
    const bytes = content(5000, 33);
    const spooled = spool(dir, bytes);
    await storage.put(spooled);
    assert.ok(fs.existsSync(path.join(config.dataDir, "keyring.json")), "the sandbox made its keyring");
    assert.deepEqual(await bytesOf(await fileStorage(config).get(spooled.sha256)), bytes);
    const stranger = new EncryptedFileStorage(
      new LocalFileStorage(config.files.storage.kind === "local" ? config.files.storage.dir : dir),
      readKeyring(path.join(dir, "other-keyring.json"), { create: true }),
      dir,
    );
    assert.equal(await stranger.get(spooled.sha256), undefined, "another keyring does not even find the object");
  });

  it("C70: contents stored in plain text before encryption are served until sealed in place, then counted as none left", async () => {
    const config = getConfig();
    const plain = plainFileStorage(config);
    const prisma = await db();
    const owner = randomUUID();
    const dir = tmp();
    const contents = Array.from({ length: 3 }, (_, i) => content(FRAME + 700 * i, 50 + i));
    for (const bytes of contents) {
      const spooled = spool(dir, bytes);
      await plain.put(spooled);
      await prisma.storedFile.create({
        data: {
          name: "old.pdf",
          type: "application/pdf",
          size: bytes.length,
          hash: spooled.sha256,
          storageKey: spooled.sha256,
          uploadedById: owner,
        },
      });
    }
    // A record whose stored content is not what its hash says is left alone, and named in the count.
    const forged = spool(dir, content(900, 60));
    const claimed = createHash("sha256").update("something else").digest("hex");
    await plain.put(forged, claimed);
    await prisma.storedFile.create({
      data: {
        name: "forged.pdf",
        type: "application/pdf",
        size: 900,
        hash: claimed,
        storageKey: claimed,
        uploadedById: owner,
      },
    });
    const keys = contents.map((bytes) => createHash("sha256").update(bytes).digest("hex"));
    const storage = fileStorage(config);
    for (const [i, key] of keys.entries()) {
      assert.deepEqual(await bytesOf(await storage.get(key)), contents[i], "served while still in plain text");
    }
    assert.equal(await countPlainContents(config), 4);
    assert.deepEqual(await encryptPlainContents(config), { sealed: 3, failed: 1 });
    assert.deepEqual(await encryptPlainContents(config), { sealed: 0, failed: 1 }, "a second run has nothing to do");
    assert.equal(await countPlainContents(config), 1, "only the forged content is left in plain text");
    for (const [i, key] of keys.entries()) {
      assert.equal(await plain.exists(key), false, "the plain copy is gone");
      assert.deepEqual(await bytesOf(await storage.get(key)), contents[i], "served sealed");
    }
  });

  it("C70: a content written through the store's writer in parts of any size comes back byte for byte, and is never in plain text in the spool", async () => {
    const { storage, filesOf, spoolDir } = sealedStore();
    const spoolHolds = (bytes: Buffer) =>
      fs.existsSync(spoolDir) &&
      fs.readdirSync(spoolDir).some((name) => {
        const held = fs.readFileSync(path.join(spoolDir, name));
        return held.indexOf("ERIKA MUSTERMANN") !== -1 || held.indexOf(bytes.subarray(0, 16)) !== -1;
      });
    const cases = [
      [0, 1000],
      [1, 1],
      [FRAME - 1, 7],
      [FRAME, FRAME],
      [FRAME + 1, 4096],
      [3 * FRAME + 5, 65_537],
      [2 * FRAME, 1],
      [5 * FRAME + 33, 300_000],
    ] as const;
    for (const [i, [size, part]] of cases.entries()) {
      const bytes = content(size, 3000 + i);
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const writer = await storage.writer(spoolDir);
      for (let at = 0; at < Math.max(size, 1); at += part) {
        await writer.write(bytes.subarray(at, at + part));
        if (size > 64) assert.equal(spoolHolds(bytes), false, `${size} bytes: the spool holds no plain content`);
      }
      assert.equal(await writer.store({ sha256, size }), sha256);
      assert.deepEqual(await bytesOf(await storage.get(sha256)), bytes, `${size} bytes in parts of ${part}`);
      assert.deepEqual(fs.readdirSync(spoolDir), [], "no spool file is left behind");
    }
    assert.equal(filesOf().length, cases.length);
    // The same content written again is found stored: still one object.
    const again = content(FRAME + 1, 3004);
    const writer = await storage.writer(spoolDir);
    await writer.write(again);
    await writer.store({ sha256: createHash("sha256").update(again).digest("hex"), size: again.length });
    assert.equal(filesOf().length, cases.length);
    // A size that is not what was written is refused, and an upload refused part way leaves nothing.
    const short = await storage.writer(spoolDir);
    await short.write(again);
    await assert.rejects(short.store({ sha256: "0".repeat(64), size: again.length - 1 }), /size/);
    const dropped = await storage.writer(spoolDir);
    await dropped.write(content(2 * FRAME, 77));
    await dropped.discard();
    assert.deepEqual(fs.readdirSync(spoolDir), [], "nothing of a discarded upload is left");
    assert.equal(filesOf().length, cases.length);
  });

  it("C70: an object sealed before contents were sealed as they stream in (version 1) still opens, and rotation re-wraps it in its own version", async () => {
    // Written by the version 1 writer (commit 05cb8e8) with the keyring beside it, a test keyring that seals nothing
    // else: two whole frames and a part, a recognisable pattern with a personal value inside.
    const fixture = path.join(import.meta.dirname, "testing", "v1");
    const meta = JSON.parse(fs.readFileSync(path.join(fixture, "content.json"), "utf8")) as {
      sha256: string;
      size: number;
      objectKey: string;
    };
    const plain = Buffer.alloc(meta.size);
    for (let i = 0; i < plain.length; i += 1) plain[i] = (i * 31 + (i >> 8)) & 0xff;
    Buffer.from("PASSPORT X1234567 ERIKA MUSTERMANN").copy(plain, 70_000);
    assert.equal(createHash("sha256").update(plain).digest("hex"), meta.sha256);
    const root = tmp();
    const keyringFile = path.join(root, "keyring.json");
    fs.copyFileSync(path.join(fixture, "keyring.json"), keyringFile);
    const place = path.join(root, "files", meta.objectKey.slice(0, 2), meta.objectKey);
    fs.mkdirSync(path.dirname(place), { recursive: true });
    const original = fs.readFileSync(path.join(fixture, "object.bin"));
    fs.writeFileSync(place, original);
    const store = (keyring = readKeyring(keyringFile, { create: false })) =>
      new EncryptedFileStorage(new LocalFileStorage(path.join(root, "files")), keyring, path.join(root, "spool"));
    assert.equal(store().objectKey(meta.sha256), meta.objectKey);
    assert.deepEqual(await bytesOf(await store().get(meta.sha256)), plain);
    // A frame altered does not open.
    const flipped = Buffer.from(original);
    flipped[original.length - 20] = flipped[original.length - 20]! ^ 1;
    fs.writeFileSync(place, flipped);
    await assert.rejects(bytesOf(await store().get(meta.sha256)), Error, "an altered version 1 frame");
    fs.writeFileSync(place, original);
    addKeyEncryptionKey(keyringFile);
    const rotated = store();
    assert.equal(await rotated.rewrap(meta.sha256), true);
    const rewrapped = fs.readFileSync(place);
    assert.equal(rewrapped[5], 1, "still version 1");
    assert.notEqual(rewrapped.subarray(0, 100).toString("latin1"), original.subarray(0, 100).toString("latin1"));
    assert.deepEqual(await bytesOf(await rotated.get(meta.sha256)), plain);
    assert.equal(await rotated.rewrap(meta.sha256), false, "already under the current key");
  });
});
