import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { keccak256, recoverAddress, toHex, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ConfigError, loadConfig } from "../../config.ts";
import { mulberry32 } from "../../testing/seeded-random.ts";
import {
  importKey,
  initToken,
  keygen,
  pkcs11Env,
  PIN,
  skipWithoutSoftHsm,
  softhsmDir,
  softhsmMissing,
} from "../../testing/softhsm.ts";
import { closeIssuerSigner, issuerSigner, openIssuerSigner } from "./open-issuer-signer.ts";

// The issuer signer on SoftHSM2, opened as an instance opens it at start (`boot.ts`): from the configuration.

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
let hsm: ReturnType<typeof softhsmDir> | undefined;
let address: Address;

const evm = (env: Record<string, string>) =>
  loadConfig({
    TOKENRAIL_DATA_DIR: hsm?.dir ?? ".data",
    TOKENRAIL_CHAIN_GATEWAY: "evm",
    TOKENRAIL_EVM_RPC_SEPOLIA: "http://127.0.0.1:1",
    ...env,
  });

/** Opening must be refused with one problem matching `problem`. */
async function refused(env: Record<string, string>, problem: RegExp) {
  await assert.rejects(
    () => openIssuerSigner(evm(env)),
    (error: unknown) => error instanceof ConfigError && error.problems.length === 1 && problem.test(error.message),
  );
  closeIssuerSigner();
}

describe("C68 the issuer key in an HSM (SoftHSM2)", () => {
  before(async () => {
    if (await softhsmMissing()) return;
    hsm = softhsmDir();
    initToken("issuer");
    address = keygen("issuer");
  });
  after(() => {
    closeIssuerSigner();
    hsm?.remove();
  });

  it("C68 the key generated in the token signs any hash as its address, with s in the lower half", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    await openIssuerSigner(evm(pkcs11Env("issuer")));
    const config = evm(pkcs11Env("issuer"));
    assert.ok(config.chainGateway.kind === "evm");
    const signer = issuerSigner(config.chainGateway.signer);
    assert.equal(signer.kind, "pkcs11");
    assert.equal(signer.address, address);
    const random = mulberry32(68);
    // Concurrent requests: the one session signs them in turn.
    const hashes = Array.from({ length: 40 }, (_, i) => keccak256(toHex(`${i}:${random()}`)));
    const signatures = await Promise.all(hashes.map((hash) => signer.signHash(hash)));
    for (const [i, signature] of signatures.entries()) {
      const hash = hashes[i];
      assert.ok(hash);
      assert.ok(BigInt(signature.s) <= N / 2n, "s in the lower half (EIP-2)");
      assert.equal(await recoverAddress({ hash, signature }), address);
    }
    closeIssuerSigner();
  });

  it("C68 keygen refuses a label already in use, and the PIN may come from a file", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    assert.throws(() => keygen("issuer"), /already holds a key labelled "tokenrail-issuer"/);
    assert.ok(hsm);
    const pinFile = path.join(hsm.dir, "pin");
    fs.writeFileSync(pinFile, `${PIN}\n`);
    const { TOKENRAIL_PKCS11_PIN: _, ...withoutPin } = pkcs11Env("issuer");
    await openIssuerSigner(evm({ ...withoutPin, TOKENRAIL_PKCS11_PIN_FILE: pinFile }));
    const config = evm({ ...withoutPin, TOKENRAIL_PKCS11_PIN_FILE: pinFile });
    assert.ok(config.chainGateway.kind === "evm");
    assert.equal(issuerSigner(config.chainGateway.signer).address, address);
    closeIssuerSigner();
  });

  it("C68 a start without the token, with a wrong PIN or without the key is refused, naming the setting", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    await refused({ ...pkcs11Env("absent") }, /TOKENRAIL_PKCS11_TOKEN_LABEL: no token labelled "absent" is present/);
    await refused({ ...pkcs11Env("issuer"), TOKENRAIL_PKCS11_PIN: "0000" }, /TOKENRAIL_PKCS11_PIN: .* refused the PIN/);
    await refused({ ...pkcs11Env("issuer", "other") }, /TOKENRAIL_PKCS11_KEY_LABEL: the token has no private key/);
    await refused(
      { ...pkcs11Env("issuer"), TOKENRAIL_PKCS11_LIBRARY: "/nowhere/libpkcs11.so" },
      /TOKENRAIL_PKCS11_LIBRARY: \/nowhere\/libpkcs11.so does not exist/,
    );
    // After the refusals the right settings still open it: nothing was left half-initialised.
    await openIssuerSigner(evm(pkcs11Env("issuer")));
    closeIssuerSigner();
  });

  it("C68 a key the token would let out (extractable, not sensitive) is refused", async (t) => {
    if (await skipWithoutSoftHsm(t)) return;
    const key = generatePrivateKey();
    await importKey("issuer", "exportable", key, privateKeyToAccount(key).publicKey, { extractable: true });
    await refused(pkcs11Env("issuer", "exportable"), /the key "exportable" can be exported from the token/);
  });
});

describe("C68 the local key", () => {
  const KEY = `0x${"ab".repeat(32)}` as const;
  const production = {
    TOKENRAIL_ENV: "production",
    DATABASE_URL: "postgres://db/t",
    TOKENRAIL_SECRET: "a-production-secret-of-enough-length-0123456789",
    TOKENRAIL_EVM_RPC_GNOSIS: "https://rpc.gnosischain.com",
    TOKENRAIL_BANK: "iso20022",
    TOKENRAIL_BANK_ACCOUNT_IBAN: "DE89370400440532013000",
    TOKENRAIL_BANK_ACCOUNT_BIC: "COBADEFFXXX",
    TOKENRAIL_BANK_ACCOUNT_HOLDER: "Tokenrail GmbH Safeguarding",
    TOKENRAIL_SMTP_URL: "smtp://mail.example:587",
    TOKENRAIL_MAIL_FROM: "Tokenrail <no-reply@example.com>",
    TOKENRAIL_CHAIN_GATEWAY: "evm",
    TOKENRAIL_EVM_ISSUER_KEY: KEY,
    TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
  };
  const load = (env: Record<string, string>) => loadConfig({ TOKENRAIL_DATA_DIR: ".data", ...env });

  it("C68 production refuses the local key, and only that, unless TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY=true", () => {
    assert.throws(
      () => load(production),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.problems.length === 1 &&
        /^TOKENRAIL_ISSUER_SIGNER: production keeps the issuer key out of the process/.test(error.problems[0] ?? ""),
    );
    assert.throws(() => load({ ...production, TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "false" }), ConfigError);
    const allowed = load({ ...production, TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "true" });
    assert.deepEqual(allowed.chainGateway.kind === "evm" && allowed.chainGateway.signer, { kind: "local", key: KEY });
  });

  it("C68 the sandbox signs with the local key as before, and pkcs11 with a key in the environment is refused", () => {
    const sandbox = load({
      TOKENRAIL_CHAIN_GATEWAY: "evm",
      TOKENRAIL_EVM_ISSUER_KEY: KEY,
      TOKENRAIL_EVM_RPC_SEPOLIA: "https://x",
    });
    assert.ok(sandbox.chainGateway.kind === "evm");
    assert.equal(issuerSigner(sandbox.chainGateway.signer).address, privateKeyToAccount(KEY).address);
    assert.throws(
      () =>
        load({
          TOKENRAIL_CHAIN_GATEWAY: "evm",
          TOKENRAIL_EVM_RPC_SEPOLIA: "https://x",
          TOKENRAIL_EVM_ISSUER_KEY: KEY,
          ...pkcs11Env("issuer"),
        }),
      /TOKENRAIL_EVM_ISSUER_KEY: the issuer signs through pkcs11/,
    );
    assert.throws(
      () =>
        load({
          TOKENRAIL_CHAIN_GATEWAY: "evm",
          TOKENRAIL_EVM_RPC_SEPOLIA: "https://x",
          TOKENRAIL_ISSUER_SIGNER: "pkcs11",
        }),
      (error: unknown) =>
        error instanceof ConfigError &&
        ["TOKENRAIL_PKCS11_LIBRARY", "TOKENRAIL_PKCS11_TOKEN_LABEL", "TOKENRAIL_PKCS11_PIN_FILE"].every((name) =>
          error.problems.some((p) => p.startsWith(`${name}:`)),
        ),
    );
  });
});
