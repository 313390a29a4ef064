import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { ConfigError, loadConfig, secretFile } from "./config.ts";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-config-"));
const SECRET = "s".repeat(40);

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

  it("selects PostgreSQL from DATABASE_URL", () => {
    const config = loadConfig({ TOKENRAIL_DATA_DIR: tmp(), DATABASE_URL: "postgres://u:p@db:5432/tokenrail" });
    assert.deepEqual(config.database, { kind: "postgres", url: "postgres://u:p@db:5432/tokenrail" });
  });

  const refusals: [string, Record<string, string>, RegExp][] = [
    ["production on the embedded database", { TOKENRAIL_ENV: "production", TOKENRAIL_SECRET: SECRET }, /DATABASE_URL/],
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
      "production with a movable clock",
      {
        TOKENRAIL_ENV: "production",
        DATABASE_URL: "postgres://db/t",
        TOKENRAIL_SECRET: SECRET,
        TOKENRAIL_TEST_CLOCK: "true",
      },
      /TOKENRAIL_TEST_CLOCK: moving the clock is for test instances/,
    ],
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
  ];
  for (const [title, env, problem] of refusals) {
    it(`refuses ${title}`, () => {
      assert.throws(
        () => loadConfig({ TOKENRAIL_DATA_DIR: tmp(), ...env }),
        (error: unknown) => error instanceof ConfigError && problem.test(error.message),
      );
    });
  }

  it("starts in production with a PostgreSQL URL and a real secret, without demo data", () => {
    const config = loadConfig({
      TOKENRAIL_ENV: "production",
      DATABASE_URL: "postgres://db/t",
      TOKENRAIL_SECRET: SECRET,
    });
    assert.equal(config.environment, "production");
    assert.equal(config.seedDemo, false);
    assert.equal(config.secret, SECRET);
  });
});
