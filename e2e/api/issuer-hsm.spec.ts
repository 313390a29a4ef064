import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/contract-test.ts";
import { freePort } from "../fixtures/free-port.ts";
import { ISO20022_BANK, NOT_IN_PRODUCTION } from "../fixtures/production-instance.ts";
import { spawnServer, startDemoInstance, startServer, stopServer } from "../fixtures/spawn-server.ts";
import { clientCredentialsToken, V2 } from "../fixtures/api.ts";
import { pdfDocument, uploadDocument, V4_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { initToken, keygen, pkcs11Env, softhsmDir, softhsmMissing } from "../../server/testing/softhsm.ts";
import { readKeyring } from "../../server/keys/keyring.ts";
import { scratchDir } from "../../server/testing/scratch-dir.ts";

/**
 * C68: an instance opens its issuer key in an HSM (SoftHSM2 here) at start, in the built app; a start with the token
 * absent or a wrong PIN is refused with the setting named, before anything else runs.
 */

test.describe.configure({ mode: "serial" });

/** Production's keyring for personal data (C70), which these starts need beside the issuer's token. */
const keyringFile = path.join(scratchDir("tokenrail-hsm-keyring-"), "keyring.json");
readKeyring(keyringFile, { create: true });

let hsm: ReturnType<typeof softhsmDir> | undefined;
let missing: string | undefined;
test.beforeAll(async () => {
  missing = await softhsmMissing();
  if (missing) return;
  hsm = softhsmDir();
  initToken("issuer");
  keygen("issuer");
});
const skipWithoutSoftHsm = () => test.skip(missing !== undefined, `SoftHSM2 tests skipped: ${missing}`);
test.afterAll(() => hsm?.remove());

const evm = () => ({
  SOFTHSM2_CONF: hsm?.conf,
  TOKENRAIL_CHAIN_GATEWAY: "evm",
  TOKENRAIL_EVM_RPC_SEPOLIA: "http://127.0.0.1:1",
  TOKENRAIL_EVM_ISSUER_KEY: undefined,
  ...pkcs11Env("issuer"),
});

test("C68 production refuses to start when its issuer token refuses the PIN, naming only that", async () => {
  skipWithoutSoftHsm();
  const port = await freePort();
  const pinFile = path.join(hsm?.dir ?? "", "wrong-pin");
  fs.writeFileSync(pinFile, "0000\n");
  const refused = spawnServer(port, {
    ...evm(),
    TOKENRAIL_ENV: "production",
    // Never connected to: the token is opened first.
    DATABASE_URL: "postgres://tokenrail:tokenrail@127.0.0.1:1/none",
    TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
    TOKENRAIL_KEYRING_FILE: keyringFile,
    TOKENRAIL_EVM_RPC_SEPOLIA: undefined,
    TOKENRAIL_EVM_RPC_GNOSIS: "http://127.0.0.1:1",
    TOKENRAIL_PKCS11_PIN: undefined,
    TOKENRAIL_PKCS11_PIN_FILE: pinFile,
    ...ISO20022_BANK,
    ...NOT_IN_PRODUCTION,
  });
  try {
    expect(await refused.exited).toBe(1);
    const output = refused.output();
    expect(output).toContain(
      '  - TOKENRAIL_PKCS11_PIN: the token "issuer" refused the PIN (a few more wrong tries lock it)',
    );
    expect(output.match(/^ {2}- /gm)).toHaveLength(1);
  } finally {
    await stopServer(refused);
  }
});

test("C70 an instance whose keyring's key is in the token seals KYC data and documents through it and reads them back", async ({
  request,
}) => {
  skipWithoutSoftHsm();
  const token = { SOFTHSM2_CONF: hsm?.conf ?? "", ...pkcs11Env("issuer") };
  const file = path.join(hsm?.dir ?? "", `keyring-${randomBytes(4).toString("hex")}.json`);
  // `npm run keys:create -- <file> --pkcs11`, as an operator makes production's keyring.
  execFileSync(process.execPath, ["--import", "tsx", "scripts/keys-create.ts", file, "--pkcs11"], {
    env: { ...process.env, ...token },
    stdio: "pipe",
  });
  expect(fs.readFileSync(file, "utf8")).not.toMatch(/"key"/);
  const instance = await startDemoInstance(await freePort(), {
    ...token,
    TOKENRAIL_ISSUER_SIGNER: undefined,
    TOKENRAIL_KEYRING_FILE: file,
  });
  try {
    const partner = { authorization: `Bearer ${await clientCredentialsToken(request, instance)}`, accept: V2 };
    const signUp = await request.post(`${instance.baseUrl}/auth/signup`, {
      headers: partner,
      data: { email: `hsm-${randomBytes(4).toString("hex")}@example.com` },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    const { profile } = (await signUp.json()) as { profile: string };
    const details = await request.patch(`${instance.baseUrl}/profiles/${profile}/details`, {
      headers: partner,
      data: V4_PERSONAL_DETAILS,
    });
    expect(details.status(), await details.text()).toBe(202);
    const content = pdfDocument();
    const id = await uploadDocument(request, partner, { baseUrl: instance.baseUrl, content });
    const read = await request.get(`${instance.baseUrl}/files/${id}`, { headers: partner });
    expect(read.status()).toBe(200);
    expect(Buffer.from(await read.body()).equals(content)).toBe(true);
  } finally {
    await stopServer(instance.server);
  }
});

test("C68 an instance starts with its issuer key in the token, and a restart with the token absent refuses", async () => {
  skipWithoutSoftHsm();
  const port = await freePort();
  const running = await startServer(port, { ...evm(), DATABASE_URL: undefined });
  expect((await fetch(`http://localhost:${port}/readyz`)).status).toBe(200);
  await stopServer(running);

  // The token is taken away (an HSM unplugged, a partition gone): the same instance must not start without it.
  fs.rmSync(path.join(hsm?.dir ?? "", "tokens"), { recursive: true });
  fs.mkdirSync(path.join(hsm?.dir ?? "", "tokens"));
  const refused = spawnServer(port, { ...evm(), DATABASE_URL: undefined });
  try {
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      '  - TOKENRAIL_PKCS11_TOKEN_LABEL: no token labelled "issuer" is present in /usr/lib/softhsm/libsofthsm2.so',
    );
    await expect(fetch(`http://localhost:${port}/livez`)).rejects.toThrow();
  } finally {
    await stopServer(refused);
  }
});

test("C68 production starts with the local key only when allowed, and then warns", async () => {
  const production = {
    TOKENRAIL_ENV: "production",
    // Never connected to: the start stops there, after the signer was opened.
    DATABASE_URL: "postgres://tokenrail:tokenrail@127.0.0.1:1/none",
    TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
    TOKENRAIL_KEYRING_FILE: keyringFile,
    TOKENRAIL_CHAIN_GATEWAY: "evm",
    TOKENRAIL_EVM_RPC_GNOSIS: "http://127.0.0.1:1",
    TOKENRAIL_EVM_ISSUER_KEY: `0x${"ab".repeat(32)}`,
    LOG_LEVEL: "warn",
    ...ISO20022_BANK,
    ...NOT_IN_PRODUCTION,
  };
  const refused = spawnServer(await freePort(), production);
  try {
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      "  - TOKENRAIL_ISSUER_SIGNER: production keeps the issuer key out of the process (pkcs11 or remote); the local key is refused unless TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY=true",
    );
    expect(refused.output().match(/^ {2}- /gm)).toHaveLength(1);
  } finally {
    await stopServer(refused);
  }
  const allowed = spawnServer(await freePort(), { ...production, TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "true" });
  try {
    expect(await allowed.exited).toBe(1);
    const output = allowed.output();
    expect(output).not.toContain("Invalid configuration");
    expect(output).toMatch(
      /"level":40,.*"msg":"the issuer key is in this process's environment \(TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY=true\)/,
    );
  } finally {
    await stopServer(allowed);
  }
});
