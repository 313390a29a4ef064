import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { ConfigError, loadConfig } from "./config.ts";
import { secretFile } from "./instance/instance-settings.ts";
import { scratchDir } from "./testing/scratch-dir.ts";

const tmp = () => scratchDir("tokenrail-config-");
const SECRET = "s".repeat(40);
/** A real bank (production refuses the sandbox bank, C53): the master account it needs. */
const ISO20022_BANK = {
  TOKENRAIL_BANK: "iso20022",
  TOKENRAIL_BANK_ACCOUNT_IBAN: "DE89 3704 0044 0532 0130 00",
  TOKENRAIL_BANK_ACCOUNT_BIC: "COBADEFFXXX",
  TOKENRAIL_BANK_ACCOUNT_HOLDER: "Tokenrail GmbH Safeguarding",
};
/** A mail server (production refuses to start without one, C53). */
const MAIL = {
  TOKENRAIL_SMTP_URL: "smtp://tokenrail:secret@mail.example.com:587",
  TOKENRAIL_MAIL_FROM: "Acme Tokens <no-reply@acme.example>",
};

describe("configuration", () => {
  it("needs nothing for the embedded sandbox default, and keeps its generated secret", () => {
    const dataDir = tmp();
    const config = loadConfig({ TOKENRAIL_DATA_DIR: dataDir });
    assert.equal(config.environment, "sandbox");
    assert.equal(config.appUrl, "http://localhost:3000");
    assert.equal(config.baseUrl, "http://localhost:3000/api");
    assert.deepEqual(config.database, { kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    assert.deepEqual(config.vendors, ["tokenrail", "monerium"]);
    assert.equal(config.seedDemo, true);
    assert.ok(config.secret.length >= 32);
    assert.equal(fs.readFileSync(secretFile(dataDir), "utf8"), config.secret);
    assert.equal(loadConfig({ TOKENRAIL_DATA_DIR: dataDir }).secret, config.secret, "same secret on the next start");
  });

  it("offers WalletConnect only when a project id is set", () => {
    const dataDir = tmp();
    assert.equal(loadConfig({ TOKENRAIL_DATA_DIR: dataDir }).walletConnectProjectId, undefined);
    const id = "0123456789ABCDEF0123456789abcdef";
    const config = loadConfig({ TOKENRAIL_DATA_DIR: dataDir, TOKENRAIL_WALLETCONNECT_PROJECT_ID: id });
    assert.equal(config.walletConnectProjectId, id.toLowerCase());
  });

  it("derives the URLs from PORT and honours explicit ones without trailing slashes", () => {
    const dataDir = tmp();
    assert.equal(loadConfig({ TOKENRAIL_DATA_DIR: dataDir, PORT: "4100" }).baseUrl, "http://localhost:4100/api");
    const explicit = loadConfig({
      TOKENRAIL_DATA_DIR: dataDir,
      TOKENRAIL_APP_URL: "https://sandbox.example.com/",
      TOKENRAIL_BASE_URL: "https://api.sandbox.example.com/",
    });
    assert.equal(explicit.appUrl, "https://sandbox.example.com");
    assert.equal(explicit.baseUrl, "https://api.sandbox.example.com");
  });

  it("keeps files in the data directory up to 5 MB by default, or in an S3-compatible bucket", () => {
    const dataDir = tmp();
    const config = loadConfig({ TOKENRAIL_DATA_DIR: dataDir });
    assert.deepEqual(config.files, {
      sizeLimit: 5 * 1024 * 1024,
      storage: { kind: "local", dir: path.join(dataDir, "files") },
      spoolDir: path.join(dataDir, "tmp", "uploads"),
    });
    const s3 = loadConfig({
      TOKENRAIL_DATA_DIR: dataDir,
      TOKENRAIL_FILE_SIZE_LIMIT: "1048576",
      TOKENRAIL_FILE_STORAGE: "s3",
      TOKENRAIL_S3_ENDPOINT: "http://127.0.0.1:9000/",
      TOKENRAIL_S3_BUCKET: "tokenrail-files",
      TOKENRAIL_S3_ACCESS_KEY_ID: "key",
      TOKENRAIL_S3_SECRET_ACCESS_KEY: "secret",
    });
    assert.equal(s3.files.sizeLimit, 1048576);
    assert.deepEqual(s3.files.storage, {
      kind: "s3",
      endpoint: "http://127.0.0.1:9000",
      bucket: "tokenrail-files",
      region: "us-east-1",
      accessKeyId: "key",
      secretAccessKey: "secret",
    });
  });

  it("hands out Icelandic IBANs of a test bank by default; country, bank code, BIC and pace are configurable", () => {
    const config = loadConfig({ TOKENRAIL_DATA_DIR: tmp() });
    assert.deepEqual(
      { ...config.ibans, format: undefined },
      { country: "IS", format: undefined, bankCode: "9999", bic: "TKRLISR0", provisionIntervalSeconds: 5 },
    );
    const german = loadConfig({
      TOKENRAIL_DATA_DIR: tmp(),
      TOKENRAIL_IBAN_COUNTRY: "de",
      TOKENRAIL_IBAN_BANK_CODE: "37040044",
      TOKENRAIL_IBAN_BIC: "cobadeffxxx",
      TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
    });
    assert.deepEqual(
      { ...german.ibans, format: german.ibans.format.length },
      { country: "DE", format: 18, bankCode: "37040044", bic: "COBADEFFXXX", provisionIntervalSeconds: 1 },
    );
    assert.equal(loadConfig({ TOKENRAIL_DATA_DIR: tmp(), TOKENRAIL_IBAN_COUNTRY: "NL" }).ibans.bankCode, "XXXX");
  });

  it("selects PostgreSQL from DATABASE_URL", () => {
    const config = loadConfig({ TOKENRAIL_DATA_DIR: tmp(), DATABASE_URL: "postgres://u:p@db:5432/tokenrail" });
    assert.deepEqual(config.database, { kind: "postgres", url: "postgres://u:p@db:5432/tokenrail" });
  });

  const refusals: [string, Record<string, string>, RegExp][] = [
    ["production on the embedded database", { TOKENRAIL_ENV: "production", TOKENRAIL_SECRET: SECRET }, /DATABASE_URL/],
    [
      "C70 production without a keyring kept apart from its data",
      { TOKENRAIL_ENV: "production", DATABASE_URL: "postgres://db/t", TOKENRAIL_SECRET: SECRET },
      /TOKENRAIL_KEYRING_FILE: production needs the keyring/,
    ],
    [
      "production without its own secret",
      { TOKENRAIL_ENV: "production", DATABASE_URL: "postgres://db/t" },
      /TOKENRAIL_SECRET: production needs its own secret/,
    ],
    [
      "production with the documented placeholder secret",
      {
        TOKENRAIL_ENV: "production",
        DATABASE_URL: "postgres://db/t",
        TOKENRAIL_SECRET: "change-me-change-me-change-me-change-me",
      },
      /placeholder/,
    ],
    [
      "production with demo data",
      {
        TOKENRAIL_ENV: "production",
        DATABASE_URL: "postgres://db/t",
        TOKENRAIL_SECRET: SECRET,
        TOKENRAIL_SEED_DEMO: "true",
      },
      /never created in production/,
    ],
    [
      "C70 production with personal data left unsealed (a benchmark's baseline)",
      {
        TOKENRAIL_ENV: "production",
        DATABASE_URL: "postgres://db/t",
        TOKENRAIL_SECRET: SECRET,
        TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
        TOKENRAIL_SEAL_AT_REST: "off",
      },
      /TOKENRAIL_SEAL_AT_REST: off is for benchmarks and tests only/,
    ],
    ["a seal-at-rest setting other than on or off", { TOKENRAIL_SEAL_AT_REST: "no" }, /TOKENRAIL_SEAL_AT_REST/],
    [
      "production with a movable clock",
      {
        TOKENRAIL_ENV: "production",
        DATABASE_URL: "postgres://db/t",
        TOKENRAIL_SECRET: SECRET,
        TOKENRAIL_TEST_CLOCK: "true",
      },
      /TOKENRAIL_TEST_CLOCK: moving the clock is for test instances/,
    ],
    [
      "C37: production on the simulated chain",
      { TOKENRAIL_ENV: "production", DATABASE_URL: "postgres://db/t", TOKENRAIL_SECRET: SECRET },
      /TOKENRAIL_CHAIN_GATEWAY: production runs on real chains \(evm\); the simulated chain is for the sandbox/,
    ],
    [
      "C53: production on the sandbox bank",
      { TOKENRAIL_ENV: "production", DATABASE_URL: "postgres://db/t", TOKENRAIL_SECRET: SECRET },
      /TOKENRAIL_BANK: production moves real money \(iso20022\); the sandbox bank is for the sandbox/,
    ],
    [
      "C53: production without a mail server",
      { TOKENRAIL_ENV: "production", DATABASE_URL: "postgres://db/t", TOKENRAIL_SECRET: SECRET, ...ISO20022_BANK },
      /TOKENRAIL_SMTP_URL: production delivers mail through an SMTP server/,
    ],
    [
      "C53: production without the sender of its mail",
      {
        TOKENRAIL_ENV: "production",
        DATABASE_URL: "postgres://db/t",
        TOKENRAIL_SECRET: SECRET,
        TOKENRAIL_SMTP_URL: MAIL.TOKENRAIL_SMTP_URL,
      },
      /TOKENRAIL_MAIL_FROM: production needs the sender of its mail/,
    ],
    [
      "a mail server URL of another kind",
      { TOKENRAIL_SMTP_URL: "http://mail.example.com" },
      /TOKENRAIL_SMTP_URL: must be an smtp/,
    ],
    ["a sender that is not a mailbox", { TOKENRAIL_MAIL_FROM: "Tokenrail" }, /TOKENRAIL_MAIL_FROM: must be a mailbox/],
    ["a short secret", { TOKENRAIL_SECRET: "short" }, /TOKENRAIL_SECRET: must be at least 32 characters/],
    ["an unknown environment", { TOKENRAIL_ENV: "staging" }, /TOKENRAIL_ENV/],
    ["a port out of range", { PORT: "70000" }, /PORT/],
    ["a database URL of another kind", { DATABASE_URL: "mysql://db/t" }, /DATABASE_URL: must be a postgres/],
    ["a demo client id that is not a UUID", { TOKENRAIL_DEMO_CLIENT_ID: "demo" }, /TOKENRAIL_DEMO_CLIENT_ID/],
    ["a file size limit that is not a number", { TOKENRAIL_FILE_SIZE_LIMIT: "5MB" }, /TOKENRAIL_FILE_SIZE_LIMIT/],
    [
      "S3 file storage without its endpoint and keys",
      { TOKENRAIL_FILE_STORAGE: "s3", TOKENRAIL_S3_BUCKET: "files" },
      /TOKENRAIL_S3_ENDPOINT: required when TOKENRAIL_FILE_STORAGE is s3/,
    ],
    ["an IBAN country outside SEPA", { TOKENRAIL_IBAN_COUNTRY: "US" }, /TOKENRAIL_IBAN_COUNTRY: US is not a SEPA/],
    [
      "a bank code of the wrong shape for the country",
      { TOKENRAIL_IBAN_BANK_CODE: "12345" },
      /TOKENRAIL_IBAN_BANK_CODE: must be 4 characters for IS \(D digit, L letter, A either: DDDD\)/,
    ],
    [
      "a bank code whose own check digit is wrong",
      { TOKENRAIL_IBAN_COUNTRY: "HR", TOKENRAIL_IBAN_BANK_CODE: "1001006", TOKENRAIL_IBAN_BIC: "TKRLHRR0" },
      /TOKENRAIL_IBAN_BANK_CODE: no valid HR IBAN exists with 1001006/,
    ],
    ["a BIC of 9 characters", { TOKENRAIL_IBAN_BIC: "TKRLISR0X" }, /TOKENRAIL_IBAN_BIC: must be a BIC of 8 or 11/],
    ["a BIC of an unknown country", { TOKENRAIL_IBAN_BIC: "TKRLQQR0" }, /TOKENRAIL_IBAN_BIC/],
    ["a provisioning interval of 0", { TOKENRAIL_IBAN_PROVISION_INTERVAL: "0" }, /TOKENRAIL_IBAN_PROVISION_INTERVAL/],
    [
      "a WalletConnect project id that is not 32 hex digits",
      { TOKENRAIL_WALLETCONNECT_PROJECT_ID: "my-project" },
      /TOKENRAIL_WALLETCONNECT_PROJECT_ID: must be a WalletConnect \(Reown\) project id/,
    ],
    [
      "the local devnet in production",
      {
        TOKENRAIL_ENV: "production",
        DATABASE_URL: "postgres://db/t",
        TOKENRAIL_SECRET: SECRET,
        TOKENRAIL_DEVNET: "true",
      },
      /TOKENRAIL_DEVNET: the local devnet is for the sandbox/,
    ],
    [
      "the local devnet on PostgreSQL, whose data would outlive its chains",
      { DATABASE_URL: "postgres://db/t", TOKENRAIL_DEVNET: "true" },
      /TOKENRAIL_DEVNET: the devnet's chains live in memory/,
    ],
    [
      "a metrics token under 32 characters",
      { TOKENRAIL_METRICS_TOKEN: "short" },
      /TOKENRAIL_METRICS_TOKEN: must be at least 32/,
    ],
  ];
  for (const [title, env, problem] of refusals) {
    it(`refuses ${title}`, () => {
      assert.throws(
        () => loadConfig({ TOKENRAIL_DATA_DIR: tmp(), ...env }),
        (error: unknown) => error instanceof ConfigError && problem.test(error.message),
      );
    });
  }

  it("starts in production with a PostgreSQL URL, a real secret and real chains, without demo data", () => {
    const config = loadConfig({
      TOKENRAIL_ENV: "production",
      DATABASE_URL: "postgres://db/t",
      TOKENRAIL_SECRET: SECRET,
      TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
      TOKENRAIL_CHAIN_GATEWAY: "evm",
      TOKENRAIL_EVM_ISSUER_KEY: `0x${"ab".repeat(32)}`,
      TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "true",
      TOKENRAIL_EVM_RPC_GNOSIS: "https://rpc.gnosischain.com",
      ...ISO20022_BANK,
      ...MAIL,
    });
    assert.equal(config.environment, "production");
    assert.equal(config.seedDemo, false);
    assert.equal(config.secret, SECRET);
    assert.equal(config.mail.smtpUrl, MAIL.TOKENRAIL_SMTP_URL);
    assert.equal(config.mail.from, MAIL.TOKENRAIL_MAIL_FROM);
    assert.equal(config.keys.sealAtRest, true, "personal data is sealed unless a benchmark's baseline says off");
  });
});

describe("chain gateway configuration", () => {
  const KEY = `0x${"ab".repeat(32)}`;
  const evm = (env: Record<string, string>) =>
    loadConfig({ TOKENRAIL_DATA_DIR: tmp(), TOKENRAIL_CHAIN_GATEWAY: "evm", TOKENRAIL_EVM_ISSUER_KEY: KEY, ...env });

  it("uses the simulated chain by default and ignores EVM settings then", () => {
    assert.deepEqual(loadConfig({ TOKENRAIL_DATA_DIR: tmp() }).chainGateway, { kind: "sandbox" });
    const ignored = loadConfig({ TOKENRAIL_DATA_DIR: tmp(), TOKENRAIL_EVM_RPC_NOWHERE: "not a url" });
    assert.deepEqual(ignored.chainGateway, { kind: "sandbox" });
  });

  it("reads RPC URLs, token contracts and start blocks named after the environment's chains", () => {
    const config = evm({
      TOKENRAIL_EVM_RPC_SEPOLIA: "https://rpc.sepolia.example/v3/key",
      TOKENRAIL_EVM_TOKEN_SEPOLIA_EUR: "0x67b34b93ac295c985e856e5b8a20d83026b580eb",
      TOKENRAIL_EVM_START_BLOCK_SEPOLIA: "5200000",
      TOKENRAIL_EVM_RPC_ARBITRUMSEPOLIA: "http://10.0.0.5:8545",
      TOKENRAIL_EVM_CONFIRMATIONS: "3",
    });
    assert.deepEqual(config.chainGateway, {
      kind: "evm",
      signer: { kind: "local", key: KEY },
      confirmations: 3,
      logBlockRange: 10_000,
      chains: {
        sepolia: {
          rpcUrl: "https://rpc.sepolia.example/v3/key",
          tokens: { eur: "0x67b34b93ac295c985e856E5B8A20D83026b580Eb" },
          startBlock: 5200000,
        },
        arbitrumsepolia: { rpcUrl: "http://10.0.0.5:8545", tokens: {}, startBlock: 0 },
      },
    });
  });

  it("names production chains in production", () => {
    const config = loadConfig({
      TOKENRAIL_ENV: "production",
      DATABASE_URL: "postgres://db/t",
      TOKENRAIL_SECRET: SECRET,
      TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
      TOKENRAIL_CHAIN_GATEWAY: "evm",
      TOKENRAIL_EVM_ISSUER_KEY: KEY,
      TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "true",
      TOKENRAIL_EVM_RPC_GNOSIS: "https://rpc.gnosischain.com",
      TOKENRAIL_EVM_LOG_BLOCK_RANGE: "2000",
      ...ISO20022_BANK,
      ...MAIL,
    });
    assert.ok(config.chainGateway.kind === "evm");
    assert.deepEqual(Object.keys(config.chainGateway.chains), ["gnosis"]);
    assert.equal(config.chainGateway.logBlockRange, 2000);
  });

  const refusals: [string, Record<string, string>, RegExp][] = [
    ["evm without an issuer key", { TOKENRAIL_EVM_ISSUER_KEY: "" }, /TOKENRAIL_EVM_ISSUER_KEY: must be 0x and 64 hex/],
    ["an issuer key that is not 32 bytes of hex", { TOKENRAIL_EVM_ISSUER_KEY: "0x1234" }, /TOKENRAIL_EVM_ISSUER_KEY/],
    ["evm without any RPC URL", {}, /TOKENRAIL_EVM_RPC_<CHAIN>: evm needs at least one/],
    ["an RPC URL that is not http(s)", { TOKENRAIL_EVM_RPC_SEPOLIA: "wss://x" }, /TOKENRAIL_EVM_RPC_SEPOLIA: must be/],
    [
      "a chain of another environment",
      { TOKENRAIL_EVM_RPC_ETHEREUM: "https://x" },
      /sandbox has no EVM chain ETHEREUM/,
    ],
    ["a Cosmos chain", { TOKENRAIL_EVM_RPC_GRAND: "https://x" }, /sandbox has no EVM chain GRAND/],
    ["a misspelt setting", { TOKENRAIL_EVM_RCP_SEPOLIA: "https://x" }, /TOKENRAIL_EVM_RCP_SEPOLIA: not a setting/],
    [
      "a token of an unknown currency",
      { TOKENRAIL_EVM_RPC_SEPOLIA: "https://x", TOKENRAIL_EVM_TOKEN_SEPOLIA_CHF: `0x${"1".repeat(40)}` },
      /TOKENRAIL_EVM_TOKEN_SEPOLIA_CHF: not a setting/,
    ],
    [
      "a token address with a wrong checksum",
      {
        TOKENRAIL_EVM_RPC_SEPOLIA: "https://x",
        TOKENRAIL_EVM_TOKEN_SEPOLIA_EUR: "0x67B34b93ac295c985e856e5b8a20d83026b580eb",
      },
      /TOKENRAIL_EVM_TOKEN_SEPOLIA_EUR: must be a 0x address/,
    ],
    [
      "a token on a chain without an RPC URL",
      { TOKENRAIL_EVM_RPC_SEPOLIA: "https://x", TOKENRAIL_EVM_TOKEN_AMOY_EUR: `0x${"1".repeat(40)}` },
      /TOKENRAIL_EVM_RPC_AMOY: required by the other settings of amoy/,
    ],
    [
      "a start block that is not a number",
      { TOKENRAIL_EVM_RPC_SEPOLIA: "https://x", TOKENRAIL_EVM_START_BLOCK_SEPOLIA: "latest" },
      /TOKENRAIL_EVM_START_BLOCK_SEPOLIA: must be a block number/,
    ],
    [
      "zero confirmations",
      { TOKENRAIL_EVM_RPC_SEPOLIA: "https://x", TOKENRAIL_EVM_CONFIRMATIONS: "0" },
      /CONFIRMATIONS/,
    ],
  ];
  for (const [title, env, problem] of refusals) {
    it(`refuses ${title}`, () => {
      assert.throws(
        () => evm(env),
        (error: unknown) => error instanceof ConfigError && problem.test(error.message),
      );
    });
  }

  it("never repeats the issuer key in a refusal", () => {
    const key = `0x${"cd".repeat(31)}`;
    assert.throws(
      () => evm({ TOKENRAIL_EVM_ISSUER_KEY: key, TOKENRAIL_EVM_RPC_SEPOLIA: "https://x" }),
      (error: unknown) => error instanceof ConfigError && !error.message.includes("cdcd"),
    );
  });
});

describe("every problem at once", () => {
  it("reports a malformed value of one area beside the production rules of the others, in one refusal", () => {
    assert.throws(
      () =>
        loadConfig({
          TOKENRAIL_ENV: "production",
          TOKENRAIL_DATA_DIR: tmp(),
          TOKENRAIL_WEBHOOK_TIMEOUT: "0",
          TOKENRAIL_IBAN_COUNTRY: "US",
        }),
      (error: unknown) => {
        if (!(error instanceof ConfigError)) return false;
        const names = error.problems.map((p) => p.split(":")[0]);
        for (const name of [
          "TOKENRAIL_WEBHOOK_TIMEOUT",
          "TOKENRAIL_IBAN_COUNTRY",
          "DATABASE_URL",
          "TOKENRAIL_SECRET",
          "TOKENRAIL_CHAIN_GATEWAY",
          "TOKENRAIL_BANK",
          "TOKENRAIL_SMTP_URL",
        ]) {
          assert.ok(names.includes(name), `${name} in ${error.message}`);
        }
        return true;
      },
    );
  });
});
