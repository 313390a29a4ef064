import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PERSONAL_FORM, V4_PERSONAL_DETAILS } from "../e2e/fixtures/kyc-bodies.ts";
import { EncryptedFileStorage } from "../server/files/encrypted-storage.ts";
import { LocalFileStorage } from "../server/files/local-storage.ts";
import type { FileStorage } from "../server/files/storage.ts";
import { readKeyring } from "../server/keys/keyring.ts";
import { openValue, sealValue } from "../server/keys/sealed-value.ts";
import { SUBMISSION_DATA } from "../server/profiles/submission-data.ts";
import { percentile } from "./load.ts";
import { median } from "./report.ts";

/**
 * The sealing work of one KYC submission, alone, in this process: what the server does more per submission when it
 * seals, and so the least sealing can cost it. The three records (details, form, verification) sealed and opened
 * again (`sealValue`, `openValue`: a data key, its wrapping, AES-256-GCM), and one document of the leg's size stored
 * as an upload is, through the sealed store's writer and through the plain one's it wraps (both in a scratch
 * directory, the spool beside it).
 */

export type SealingFigures = {
  /** µs, p50: the three records sealed, and opened again. */
  recordsSealUs: number;
  recordsOpenUs: number;
  /** ms, median over the documents: one document stored sealed, and stored plain. */
  fileSealedMs: number;
  filePlainMs: number;
};

const RECORDS = [
  V4_PERSONAL_DETAILS.personal,
  PERSONAL_FORM.personal,
  { kind: "idDocument", documents: [{ kind: "passport", fileId: crypto.randomUUID(), side: "front" }] },
];

/** Bytes of an upload as the server receives them, in parts of 64 KiB. */
const PART = 64 * 1024;

/** Each document stored as an upload is (server/files/upload-file.ts): written through the store's writer, hashed. */
async function storeEach(storage: FileStorage, dir: string, documents: Buffer[]): Promise<number[]> {
  const times: number[] = [];
  for (const bytes of documents) {
    const started = performance.now();
    const writer = await storage.writer(dir);
    const hash = createHash("sha256");
    for (let at = 0; at < bytes.length; at += PART) {
      const part = bytes.subarray(at, at + PART);
      hash.update(part);
      await writer.write(part);
    }
    await writer.store({ sha256: hash.digest("hex"), size: bytes.length });
    times.push(performance.now() - started);
  }
  return times;
}

export async function measureSealing(temp: string, documentBytes: number): Promise<SealingFigures> {
  const dir = fs.mkdtempSync(path.join(temp, "p10-sealing-"));
  try {
    const keyring = readKeyring(path.join(dir, "keyring.json"), { create: true });
    const seal: number[] = [];
    const open: number[] = [];
    for (let i = 0; i < 2000; i++) {
      let started = performance.now();
      const sealed = RECORDS.map((record) => sealValue(record, SUBMISSION_DATA, keyring));
      seal.push((performance.now() - started) * 1000);
      started = performance.now();
      for (const record of sealed) openValue(record, SUBMISSION_DATA, keyring);
      open.push((performance.now() - started) * 1000);
    }
    const spoolDir = path.join(dir, "spool");
    fs.mkdirSync(spoolDir);
    const plain = new LocalFileStorage(path.join(dir, "plain"));
    const sealedStore = new EncryptedFileStorage(new LocalFileStorage(path.join(dir, "sealed")), keyring, spoolDir);
    const documents = () => Array.from({ length: 40 }, () => randomBytes(documentBytes));
    const sealedTimes: number[][] = [];
    const plainTimes: number[][] = [];
    // In turns, the first pair a warm-up.
    for (let round = 0; round < 6; round++) {
      sealedTimes.push(await storeEach(sealedStore, spoolDir, documents()));
      plainTimes.push(await storeEach(plain, spoolDir, documents()));
    }
    const p50 = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        0.5,
      );
    return {
      recordsSealUs: p50(seal.slice(200)),
      recordsOpenUs: p50(open.slice(200)),
      fileSealedMs: median(sealedTimes.slice(1).map(p50)),
      filePlainMs: median(plainTimes.slice(1).map(p50)),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
