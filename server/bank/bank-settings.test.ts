import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { ConfigError, loadConfig } from "../config.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

const tmp = () => scratchDir("tokenrail-bank-config-");
const ACCOUNT = {
  TOKENRAIL_BANK_ACCOUNT_IBAN: "de89 3704 0044 0532 0130 00",
  TOKENRAIL_BANK_ACCOUNT_BIC: "cobadeffxxx",
  TOKENRAIL_BANK_ACCOUNT_HOLDER: "Tokenrail GmbH Safeguarding",
};
const PRODUCTION = {
  TOKENRAIL_ENV: "production",
  DATABASE_URL: "postgres://db/t",
  TOKENRAIL_SECRET: "s".repeat(40),
  TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
  TOKENRAIL_CHAIN_GATEWAY: "evm",
  TOKENRAIL_EVM_ISSUER_KEY: `0x${"ab".repeat(32)}`,
  TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "true",
  TOKENRAIL_EVM_RPC_GNOSIS: "https://rpc.gnosischain.com",
  TOKENRAIL_SMTP_URL: "smtp://tokenrail:secret@mail.example.com:587",
  TOKENRAIL_MAIL_FROM: "Tokenrail <no-reply@example.com>",
};

function refusal(env: Record<string, string>): string[] {
  try {
    loadConfig({ TOKENRAIL_DATA_DIR: tmp(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  assert.fail("the configuration was accepted");
}

describe("bank configuration", () => {
  it("runs the sandbox bank by default, with its own master account, releasing at once", () => {
    const { bank } = loadConfig({ TOKENRAIL_DATA_DIR: tmp() });
    assert.equal(bank.kind, "sandbox");
    assert.deepEqual(bank.transport, { kind: "sandbox" });
    assert.equal(bank.account.iban, "DE02100100100006820101");
    assert.equal(bank.autoRelease, true);
    assert.equal(bank.paymentRunIntervalSeconds, 0);
  });

  it("C53: production refuses to start on the sandbox bank, and names only that", () => {
    const problems = refusal(PRODUCTION);
    assert.deepEqual(problems, [
      "TOKENRAIL_BANK: production moves real money (iso20022); the sandbox bank is for the sandbox",
    ]);
    // Saying so explicitly changes nothing.
    assert.deepEqual(refusal({ ...PRODUCTION, TOKENRAIL_BANK: "sandbox" }), problems);
  });

  it("C53: the iso20022 bank refuses to start without its master account", () => {
    const problems = refusal({ ...PRODUCTION, TOKENRAIL_BANK: "iso20022" });
    assert.deepEqual(problems, [
      "TOKENRAIL_BANK_ACCOUNT_IBAN: required for the iso20022 bank (the master account)",
      "TOKENRAIL_BANK_ACCOUNT_BIC: required for the iso20022 bank",
      "TOKENRAIL_BANK_ACCOUNT_HOLDER: required for the iso20022 bank (the account's name)",
    ]);
    const wrong = refusal({
      TOKENRAIL_BANK: "iso20022",
      ...ACCOUNT,
      TOKENRAIL_BANK_ACCOUNT_IBAN: "DE89370400440532013001",
      TOKENRAIL_BANK_ACCOUNT_BIC: "COBADE",
    });
    assert.ok(wrong.includes("TOKENRAIL_BANK_ACCOUNT_IBAN: not a valid IBAN (check its digits)"), wrong.join("\n"));
    assert.ok(
      wrong.some((problem) => problem.startsWith("TOKENRAIL_BANK_ACCOUNT_BIC: ")),
      wrong.join("\n"),
    );
  });

  it("starts production on the iso20022 bank with folders under the data directory by default", () => {
    const dataDir = tmp();
    const { bank } = loadConfig({ ...PRODUCTION, TOKENRAIL_DATA_DIR: dataDir, TOKENRAIL_BANK: "iso20022", ...ACCOUNT });
    assert.deepEqual(bank.account, {
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      holder: "Tokenrail GmbH Safeguarding",
    });
    assert.deepEqual(bank.transport, {
      kind: "folder",
      inbox: path.join(dataDir, "bank/inbox"),
      outbox: path.join(dataDir, "bank/outbox"),
    });
    assert.equal(bank.autoRelease, false);
    assert.equal(bank.paymentRunIntervalSeconds, 300);
  });

  it("takes the files area's bucket for the s3 transport, and refuses it without one", () => {
    const s3 = { TOKENRAIL_BANK: "iso20022", TOKENRAIL_BANK_TRANSPORT: "s3", ...ACCOUNT };
    assert.ok(
      refusal(s3).includes("TOKENRAIL_BANK_TRANSPORT: s3 uses the files area's bucket (TOKENRAIL_FILE_STORAGE=s3)"),
    );
    const { bank } = loadConfig({
      TOKENRAIL_DATA_DIR: tmp(),
      ...s3,
      TOKENRAIL_FILE_STORAGE: "s3",
      TOKENRAIL_S3_ENDPOINT: "http://127.0.0.1:9000",
      TOKENRAIL_S3_BUCKET: "tokenrail",
      TOKENRAIL_S3_ACCESS_KEY_ID: "key",
      TOKENRAIL_S3_SECRET_ACCESS_KEY: "secret",
    });
    assert.deepEqual(bank.transport, { kind: "s3", inboxPrefix: "bank/inbox/", outboxPrefix: "bank/outbox/" });
    assert.ok(refusal({ ...s3, TOKENRAIL_BANK_INBOX: "../x" }).some((p) => p.startsWith("TOKENRAIL_BANK_INBOX: ")));
  });

  it("refuses an outbox that is the inbox", () => {
    const same = {
      TOKENRAIL_BANK: "iso20022",
      ...ACCOUNT,
      TOKENRAIL_BANK_INBOX: "bank",
      TOKENRAIL_BANK_OUTBOX: "bank",
    };
    assert.ok(refusal(same).includes("TOKENRAIL_BANK_OUTBOX: must differ from the inbox"));
  });

  it("C46 gives every import three minutes unless told otherwise, and refuses a limit that is not 1 s to 30 min", () => {
    assert.equal(loadConfig({ TOKENRAIL_DATA_DIR: tmp() }).bank.importTimeLimitSeconds, 180);
    const told = loadConfig({ TOKENRAIL_DATA_DIR: tmp(), TOKENRAIL_BANK_IMPORT_TIME_LIMIT: "30" });
    assert.equal(told.bank.importTimeLimitSeconds, 30);
    for (const value of ["0", "1801", "ten"]) {
      const problems = refusal({ TOKENRAIL_BANK_IMPORT_TIME_LIMIT: value });
      assert.ok(
        problems.some((p) => p.startsWith("TOKENRAIL_BANK_IMPORT_TIME_LIMIT: ")),
        value,
      );
    }
  });

  it("imports files of 4 MiB and more in a process of their own with a 128 MB heap, unless told otherwise", () => {
    assert.deepEqual(loadConfig({ TOKENRAIL_DATA_DIR: tmp() }).bank.importProcess, {
      fromBytes: 4 * 1024 * 1024,
      heapMb: 128,
    });
    const told = loadConfig({
      TOKENRAIL_DATA_DIR: tmp(),
      TOKENRAIL_BANK_IMPORT_PROCESS_BYTES: "0",
      TOKENRAIL_BANK_IMPORT_HEAP_MB: "256",
    });
    assert.deepEqual(told.bank.importProcess, { fromBytes: 0, heapMb: 256 });
    assert.ok(
      refusal({ TOKENRAIL_BANK_IMPORT_HEAP_MB: "16" }).some((p) => p.startsWith("TOKENRAIL_BANK_IMPORT_HEAP_MB: ")),
    );
    assert.ok(
      refusal({ TOKENRAIL_BANK_IMPORT_PROCESS_BYTES: "-1" }).some((p) =>
        p.startsWith("TOKENRAIL_BANK_IMPORT_PROCESS_BYTES: "),
      ),
    );
  });
});
