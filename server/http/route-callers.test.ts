import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { z } from "zod";

// A production instance's configuration: nothing here reaches the database or a chain.
process.env.LOG_LEVEL = "silent";
process.env.TOKENRAIL_ENV = "production";
process.env.DATABASE_URL = "postgres://tokenrail@127.0.0.1:1/none";
process.env.TOKENRAIL_SECRET = "a-production-secret-of-enough-length-0123456789";
process.env.TOKENRAIL_KEYRING_FILE = "/run/secrets/tokenrail-keyring.json";
process.env.TOKENRAIL_CHAIN_GATEWAY = "evm";
process.env.TOKENRAIL_EVM_ISSUER_KEY = `0x${"ab".repeat(32)}`;
process.env.TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY = "true";
process.env.TOKENRAIL_EVM_RPC_GNOSIS = "http://127.0.0.1:1";
process.env.TOKENRAIL_BANK = "iso20022";
process.env.TOKENRAIL_BANK_ACCOUNT_IBAN = "DE02100100100006820101";
process.env.TOKENRAIL_BANK_ACCOUNT_BIC = "TKRLDER0";
process.env.TOKENRAIL_BANK_ACCOUNT_HOLDER = "Tokenrail Safeguarding";
process.env.TOKENRAIL_SMTP_URL = "smtp://127.0.0.1:2525";
process.env.TOKENRAIL_MAIL_FROM = "Tokenrail <no-reply@tokenrail.test>";
for (const name of [
  "TOKENRAIL_SEED_DEMO",
  "TOKENRAIL_DEMO_CLIENT_ID",
  "TOKENRAIL_DEMO_CODE_CLIENT_ID",
  "TOKENRAIL_DEMO_CLIENT_SECRET",
  "TOKENRAIL_DEMO_OPERATOR_PASSWORD",
  "TOKENRAIL_SANDBOX_AUTO_APPROVE",
  "TOKENRAIL_SANDBOX_AUTO_PROCESS",
  "TOKENRAIL_WEBHOOK_PRIVATE_URLS",
  "TOKENRAIL_TEST_CLOCK",
]) {
  delete process.env[name];
}

const { withSandboxBearer } = await import("./callers.ts");
const { methods } = await import("./methods.ts");

/**
 * Rules on the route files themselves, so that a route added later cannot forget them: which caller wrapper every
 * route under a folder of `app/api` must use, and no other (the files are read, not imported: `server/` does not
 * depend on `app/`).
 */
const RULES = [
  // C37: the simulator does not exist outside the sandbox, on any method.
  { folder: "sandbox", wrapper: "withSandboxBearer" },
  // C36: webhook subscriptions and their deliveries belong to the application (client credentials only).
  { folder: "webhooks", wrapper: "withApplication" },
];

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function routeFiles(folder: string): string[] {
  const dir = path.join(ROOT, "app", "api", folder);
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "route.ts")
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

describe("caller wrappers of route folders", () => {
  for (const { folder, wrapper } of RULES) {
    it(`every route under app/api/${folder} answers through methods() with ${wrapper} only`, () => {
      const files = routeFiles(folder);
      assert.ok(files.length > 0, `no routes under app/api/${folder}`);
      for (const file of files) {
        const source = fs.readFileSync(file, "utf8");
        const name = path.relative(ROOT, file);
        assert.match(source, /export const \{[^}]*\} = methods\(/, `${name} must export methods({...})`);
        const wrappers = new Set([...source.matchAll(/\b(with[A-Z]\w*)\s*\(/g)].map((m) => m[1]));
        assert.deepEqual([...wrappers], [wrapper], `${name} uses ${[...wrappers].join(", ")}`);
      }
    });
  }
});

describe("C37: a sandbox route in production", () => {
  const notFound = { code: 404, status: "Not Found", message: "Not found" };
  const route = methods({
    POST: withSandboxBearer({ body: z.object({ amount: z.string() }) }, () => Promise.resolve({ reached: true })),
  });
  const ctx = { params: Promise.resolve({}) };

  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
    it(`answers ${method} with 404 and the error body, with or without a token`, async () => {
      for (const authorization of [undefined, "Bearer not-a-token"]) {
        const req = new Request("http://localhost/api/sandbox/anything", {
          method,
          headers: { accept: "application/json", ...(authorization ? { authorization } : {}) },
        });
        const res = await route[method](req, ctx);
        assert.equal(res.status, 404, `${method} ${authorization ?? "without a token"}`);
        assert.deepEqual(await res.json(), notFound);
      }
    });
  }
});
