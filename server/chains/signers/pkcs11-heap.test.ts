import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  importKey,
  initToken,
  pkcs11Env,
  softhsmDir,
  softhsmMissing,
  skipWithoutSoftHsm,
} from "../../testing/softhsm.ts";

// A process that signs as the issuer writes a heap snapshot (server/testing/heap-signer-main.ts); the test searches
// it for the private key. The key is made here with a known value and put into the token as unexportable, so the
// signing process never receives it. The same search over a process signing with the local key finds it: the test
// can fail. (A heap snapshot holds the JavaScript heap, strings among it; SoftHSM2 itself keeps the key in the
// library's native memory of that process, as any in-process software token must: a real HSM keeps it in its box.)

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const key = generatePrivateKey();
const account = privateKeyToAccount(key);
let hsm: ReturnType<typeof softhsmDir> | undefined;

/** Runs the signing process with `env`; returns its snapshot's text and the address it signed as. */
function snapshotOfSigner(env: Record<string, string>, name: string): { text: string; address: string } {
  assert.ok(hsm);
  const file = path.join(hsm.dir, `${name}.heapsnapshot`);
  const out = execFileSync(process.execPath, ["--import", "tsx", "server/testing/heap-signer-main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      TOKENRAIL_EVM_ISSUER_KEY: undefined,
      SOFTHSM2_CONF: hsm.conf,
      TOKENRAIL_DATA_DIR: hsm.dir,
      TOKENRAIL_CHAIN_GATEWAY: "evm",
      TOKENRAIL_EVM_RPC_SEPOLIA: "http://127.0.0.1:1",
      HEAP_SNAPSHOT: file,
      ...env,
    },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { address } = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { address: string };
  const text = fs.readFileSync(file, "latin1");
  fs.rmSync(file);
  return { text, address };
}

/** Where the key appears in a snapshot: as hex in either case, with or without 0x, or as its 32 raw bytes. */
function keyIn(text: string, secret: Hex): boolean {
  const hex = secret.slice(2);
  const raw = Buffer.from(hex, "hex").toString("latin1");
  return [hex, hex.toUpperCase(), raw].some((needle) => text.includes(needle));
}

describe("C68 the private key is never in the signing process", () => {
  before(async () => {
    if (await softhsmMissing()) return;
    hsm = softhsmDir();
    initToken("issuer");
    await importKey("issuer", "known", key, account.publicKey, { extractable: false });
  });
  after(() => hsm?.remove());

  it("C68 a process signing through PKCS#11 holds no trace of the key in its heap; one with the local key does", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    const viaHsm = snapshotOfSigner(pkcs11Env("issuer", "known"), "pkcs11");
    assert.equal(viaHsm.address, account.address);
    // The search finds what is there: the address the process signed as.
    assert.ok(viaHsm.text.includes(account.address.slice(2)), "the snapshot holds the process's strings");
    assert.equal(keyIn(viaHsm.text, key), false, "the key is in the heap of the process signing through the HSM");

    const local = snapshotOfSigner({ TOKENRAIL_EVM_ISSUER_KEY: key }, "local");
    assert.equal(local.address, account.address);
    assert.equal(keyIn(local.text, key), true, "the search would not find a key that is there");
  });
});
