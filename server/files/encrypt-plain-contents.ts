import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { Prisma } from "../generated/prisma/client.ts";
import { instanceKeyring } from "../keys/instance-keyring.ts";
import type { Progress } from "../keys/progress.ts";
import { logger } from "../logging/logger.ts";
import { plainFileStorage } from "./configured-storage.ts";
import { EncryptedFileStorage } from "./encrypted-storage.ts";

/*
 * Contents stored before encryption at rest (C70) are sealed in place: every content a record names (uploaded files
 * and logos, bank files) that is still in the store under its own hash is read, checked against that hash, stored
 * sealed, and only then removed in plain text. Each content is one step that can be repeated, so the job is resumed
 * after a crash by simply running again, and several instances may run it at once. `countPlainContents` is the
 * proof: how many named contents are still in plain text (zero once done).
 */

const PAGE = 500;

/** Every content key a record names: uploaded files and logos, and bank files. */
const NAMED = Prisma.sql`(SELECT "storageKey" AS key FROM "StoredFile" UNION SELECT sha256 AS key FROM "BankFile") named`;

/** Every content key a record names, a page at a time in key order. */
export async function* namedContents(): AsyncGenerator<string[]> {
  const prisma = await db();
  let after = "";
  for (;;) {
    const rows = await prisma.$queryRaw<{ key: string }[]>`
      SELECT key FROM ${NAMED}
      WHERE key > ${after}
      ORDER BY key
      LIMIT ${PAGE}`;
    if (rows.length === 0) return;
    yield rows.map((r) => r.key);
    after = rows[rows.length - 1]!.key;
  }
}

/** How many contents records name. */
export async function countNamedContents(): Promise<number> {
  const prisma = await db();
  const [row] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM ${NAMED}`;
  return Number(row?.n ?? 0);
}

function storages(config: Pick<Config, "files" | "keys" | "secret">) {
  const plain = plainFileStorage(config);
  return { plain, sealed: new EncryptedFileStorage(plain, instanceKeyring(config), config.files.spoolDir) };
}

export async function countPlainContents(config: Pick<Config, "files" | "keys" | "secret">): Promise<number> {
  const { sealed } = storages(config);
  let plain = 0;
  for await (const keys of namedContents()) {
    for (const key of keys) if (await sealed.plainExists(key)) plain += 1;
  }
  return plain;
}

/** Seals every named content still in plain text; returns how many it sealed and how many it could not. */
export async function encryptPlainContents(
  config: Pick<Config, "files" | "keys" | "secret">,
  progress?: Progress,
): Promise<{ sealed: number; failed: number }> {
  const { plain, sealed } = storages(config);
  await progress?.setTotal(await countNamedContents());
  let done = 0;
  let failed = 0;
  for await (const keys of namedContents()) {
    for (const key of keys) {
      if (!(await sealed.plainExists(key))) {
        await progress?.advance(1);
        continue;
      }
      try {
        await sealOne(key, plain, sealed, config.files.spoolDir);
        done += 1;
        await progress?.advance(1);
      } catch (err) {
        failed += 1;
        await progress?.advance(1, 1);
        logger().error({ err, content: key }, "a content stored in plain text could not be sealed; it stays as it is");
      }
    }
  }
  if (done > 0 || failed > 0) logger().info({ sealed: done, failed }, "contents stored in plain text sealed");
  return { sealed: done, failed };
}

async function sealOne(
  key: string,
  plain: ReturnType<typeof plainFileStorage>,
  sealed: EncryptedFileStorage,
  spoolDir: string,
): Promise<void> {
  const content = await plain.get(key);
  if (!content) return;
  fs.mkdirSync(spoolDir, { recursive: true });
  const spool = path.join(spoolDir, `plain-${randomBytes(8).toString("hex")}`);
  const hash = createHash("sha256");
  let size = 0;
  try {
    await pipeline(
      Readable.fromWeb(content as WebReadableStream<Uint8Array>),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      fs.createWriteStream(spool, { mode: 0o600 }),
    );
    const sha256 = hash.digest("hex");
    // What is stored under a hash must be the content of that hash: anything else is not sealed as if it were.
    if (sha256 !== key) throw new Error(`the content stored under ${key} has the hash ${sha256}`);
    await sealed.put({ path: spool, sha256, size });
    await plain.remove(key);
  } finally {
    fs.rmSync(spool, { force: true });
  }
}
