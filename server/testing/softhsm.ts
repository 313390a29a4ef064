import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestContext } from "node:test";
import { fileURLToPath } from "node:url";
import type { Address, Hex } from "viem";
import { loadBinding } from "../chains/signers/pkcs11-api.ts";
import { CK, SECP256K1_PARAMS } from "../chains/signers/pkcs11-api.ts";
import { openToken } from "../chains/signers/pkcs11-token.ts";

export const SOFTHSM_LIBRARY = "/usr/lib/softhsm/libsofthsm2.so";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const PIN = "4711-user";

/**
 * Why SoftHSM2 tests cannot run here, or nothing. In CI (`CI=true`, where `.ci/run` installs softhsm2) an absent
 * library or binding is a failure, not a skip: C68 must be tested there.
 */
export async function softhsmMissing(): Promise<string | undefined> {
  const missing = !fs.existsSync(SOFTHSM_LIBRARY)
    ? `${SOFTHSM_LIBRARY} is absent (Debian: apt-get install softhsm2)`
    : !(await loadBinding())
      ? "the npm package pkcs11js is not installed (an optional dependency built at npm install)"
      : undefined;
  if (missing && process.env.CI === "true") throw new Error(`C68 needs SoftHSM2 in CI: ${missing}`);
  return missing;
}

/** Skips the test with the reason SoftHSM2 is missing (outside CI); true when it ran nothing. */
export async function skipWithoutSoftHsm(t: TestContext): Promise<boolean> {
  const missing = await softhsmMissing();
  if (missing) t.skip(`SoftHSM2 tests skipped: ${missing}`);
  return missing !== undefined;
}

/** A throw-away SoftHSM2 token directory for this process (`SOFTHSM2_CONF`, read when the library initialises). */
export function softhsmDir(): { dir: string; conf: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-softhsm-"));
  fs.mkdirSync(path.join(dir, "tokens"));
  const conf = path.join(dir, "softhsm2.conf");
  fs.writeFileSync(conf, `directories.tokendir = ${path.join(dir, "tokens")}\nobjectstore.backend = file\n`);
  process.env.SOFTHSM2_CONF = conf;
  return { dir, conf, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Initialises a token labelled `label` with the user PIN `PIN`, as an HSM's administrator would. */
export function initToken(label: string): void {
  execFileSync("softhsm2-util", ["--init-token", "--free", "--label", label, "--pin", PIN, "--so-pin", "so-4711"], {
    stdio: "pipe",
  });
}

/** The PKCS#11 settings of a token, as an instance reads them. */
export function pkcs11Env(tokenLabel: string, keyLabel = "tokenrail-issuer"): Record<string, string> {
  return {
    TOKENRAIL_ISSUER_SIGNER: "pkcs11",
    TOKENRAIL_PKCS11_LIBRARY: SOFTHSM_LIBRARY,
    TOKENRAIL_PKCS11_TOKEN_LABEL: tokenLabel,
    TOKENRAIL_PKCS11_KEY_LABEL: keyLabel,
    TOKENRAIL_PKCS11_PIN: PIN,
  };
}

/** Generates the issuer key through `npm run hsm:keygen`'s script, as an operator would; returns its address. */
export function keygen(tokenLabel: string, keyLabel = "tokenrail-issuer"): Address {
  const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/hsm-keygen.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...pkcs11Env(tokenLabel, keyLabel) },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return out.trim() as Address;
}

/**
 * Puts a known private key into the token (tests only: a real key is generated there). `extractable: false` makes
 * it as unexportable as a generated one; the public half is stored beside it for the address.
 */
export async function importKey(
  tokenLabel: string,
  keyLabel: string,
  key: Hex,
  publicPoint: Hex,
  options: { extractable: boolean },
): Promise<void> {
  const token = await openToken({ library: SOFTHSM_LIBRARY, tokenLabel, keyLabel, pin: PIN }, { readWrite: true });
  try {
    const common = [
      { type: CK.CKA_TOKEN, value: true },
      { type: CK.CKA_LABEL, value: keyLabel },
      { type: CK.CKA_KEY_TYPE, value: CK.CKK_EC },
      { type: CK.CKA_EC_PARAMS, value: SECP256K1_PARAMS },
    ];
    token.pkcs11.C_CreateObject(token.session, [
      ...common,
      { type: CK.CKA_CLASS, value: CK.CKO_PRIVATE_KEY },
      { type: CK.CKA_PRIVATE, value: true },
      { type: CK.CKA_SIGN, value: true },
      { type: CK.CKA_SENSITIVE, value: !options.extractable },
      { type: CK.CKA_EXTRACTABLE, value: options.extractable },
      { type: CK.CKA_VALUE, value: Buffer.from(key.slice(2), "hex") },
    ]);
    // CKA_EC_POINT: the DER OCTET STRING around the uncompressed point.
    const point = Buffer.from(publicPoint.slice(2), "hex");
    token.pkcs11.C_CreateObject(token.session, [
      ...common,
      { type: CK.CKA_CLASS, value: CK.CKO_PUBLIC_KEY },
      { type: CK.CKA_VERIFY, value: true },
      { type: CK.CKA_EC_POINT, value: Buffer.concat([Buffer.from([0x04, point.length]), point]) },
    ]);
  } finally {
    token.close();
  }
}
