import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { clientCredentialsToken, V2 } from "../fixtures/api.ts";
import { apiRoutesUnder } from "../fixtures/console-routes.ts";
import { freePort } from "../fixtures/free-port.ts";
import { ISO20022_BANK, NOT_IN_PRODUCTION, productionEnvironment } from "../fixtures/production-instance.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { sandboxKeyringFile, spawnServer, startDemoInstance, stopServer, waitFor } from "../fixtures/spawn-server.ts";
import { onPostgres } from "../fixtures/on-postgres.ts";

/**
 * C37: the simulator exists in the sandbox only. Production refuses to start on the simulated chain, and every
 * route under `app/api/sandbox/` (read from the app's files, so a route added later is covered too) is 404 on every
 * method before any token is looked at.
 */

const NOT_FOUND = { code: 404, status: "Not Found", message: "Not found" };
const EVERY_METHOD = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

test("C37: production refuses to start on a simulated chain", async () => {
  const port = await freePort();
  const refused = spawnServer(port, {
    TOKENRAIL_ENV: "production",
    // Never connected to: the configuration is refused first.
    DATABASE_URL: "postgres://tokenrail:tokenrail@127.0.0.1:1/none",
    TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
    TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
    TOKENRAIL_CHAIN_GATEWAY: "sandbox",
    ...ISO20022_BANK,
    ...NOT_IN_PRODUCTION,
  });
  try {
    expect(await refused.exited).toBe(1);
    const output = refused.output();
    expect(output).toContain(
      "  - TOKENRAIL_CHAIN_GATEWAY: production runs on real chains (evm); the simulated chain is for the sandbox",
    );
    // The simulated chain is the only thing wrong with this configuration.
    expect(output.match(/^ {2}- /gm)).toHaveLength(1);
    await expect(fetch(`http://localhost:${port}/livez`)).rejects.toThrow();
  } finally {
    await stopServer(refused);
  }
});

test("C53: production refuses to start on the sandbox bank", async () => {
  const port = await freePort();
  const refused = spawnServer(port, {
    TOKENRAIL_ENV: "production",
    // Never connected to: the configuration is refused first.
    DATABASE_URL: "postgres://tokenrail:tokenrail@127.0.0.1:1/none",
    TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
    TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
    TOKENRAIL_CHAIN_GATEWAY: "evm",
    TOKENRAIL_EVM_ISSUER_KEY: `0x${"ab".repeat(32)}`,
    TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "true",
    TOKENRAIL_EVM_RPC_GNOSIS: "http://127.0.0.1:1",
    ...ISO20022_BANK,
    TOKENRAIL_BANK: "sandbox",
    ...NOT_IN_PRODUCTION,
  });
  try {
    expect(await refused.exited).toBe(1);
    const output = refused.output();
    expect(output).toContain(
      "  - TOKENRAIL_BANK: production moves real money (iso20022); the sandbox bank is for the sandbox",
    );
    // The sandbox bank is the only thing wrong with this configuration.
    expect(output.match(/^ {2}- /gm)).toHaveLength(1);
    await expect(fetch(`http://localhost:${port}/livez`)).rejects.toThrow();
  } finally {
    await stopServer(refused);
  }
});

test("C53: production refuses to start without a mail server and a sender", async () => {
  const port = await freePort();
  const refused = spawnServer(port, {
    TOKENRAIL_ENV: "production",
    DATABASE_URL: "postgres://tokenrail:tokenrail@127.0.0.1:1/none",
    TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
    TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
    TOKENRAIL_CHAIN_GATEWAY: "evm",
    TOKENRAIL_EVM_ISSUER_KEY: `0x${"ab".repeat(32)}`,
    TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "true",
    TOKENRAIL_EVM_RPC_GNOSIS: "http://127.0.0.1:1",
    ...ISO20022_BANK,
    ...NOT_IN_PRODUCTION,
    TOKENRAIL_SMTP_URL: undefined,
    TOKENRAIL_MAIL_FROM: undefined,
  });
  try {
    expect(await refused.exited).toBe(1);
    const output = refused.output();
    expect(output).toContain(
      "  - TOKENRAIL_SMTP_URL: production delivers mail through an SMTP server (smtp://user:pass@host:587)",
    );
    expect(output).toContain(
      '  - TOKENRAIL_MAIL_FROM: production needs the sender of its mail ("Name <no-reply@example.com>")',
    );
    expect(output.match(/^ {2}- /gm)).toHaveLength(2);
    await expect(fetch(`http://localhost:${port}/livez`)).rejects.toThrow();
  } finally {
    await stopServer(refused);
  }
});

test("C53: production on the iso20022 bank refuses to start without the master account", async () => {
  const port = await freePort();
  const refused = spawnServer(port, {
    TOKENRAIL_ENV: "production",
    DATABASE_URL: "postgres://tokenrail:tokenrail@127.0.0.1:1/none",
    TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
    TOKENRAIL_KEYRING_FILE: "/run/secrets/tokenrail-keyring.json",
    TOKENRAIL_CHAIN_GATEWAY: "evm",
    TOKENRAIL_EVM_ISSUER_KEY: `0x${"ab".repeat(32)}`,
    TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: "true",
    TOKENRAIL_EVM_RPC_GNOSIS: "http://127.0.0.1:1",
    TOKENRAIL_BANK: "iso20022",
    ...NOT_IN_PRODUCTION,
  });
  try {
    expect(await refused.exited).toBe(1);
    const output = refused.output();
    expect(output).toContain("  - TOKENRAIL_BANK_ACCOUNT_IBAN: required for the iso20022 bank (the master account)");
    expect(output).toContain("  - TOKENRAIL_BANK_ACCOUNT_BIC: required for the iso20022 bank");
    expect(output.match(/^ {2}- /gm)).toHaveLength(3);
  } finally {
    await stopServer(refused);
  }
});

onPostgres("production on PostgreSQL", () => {
  test("C37 C70: in production every sandbox route is 404 before any token is looked at, and a keyring not the database's is refused at start", async ({
    request,
  }) => {
    test.setTimeout(120_000);
    const routes = apiRoutesUnder("sandbox");
    expect(routes.map((r) => r.file).sort()).toEqual(
      expect.arrayContaining([
        "app/api/sandbox/chains/[chain]/smart-accounts/[address]/signed-messages/route.ts",
        "app/api/sandbox/chains/[chain]/smart-accounts/route.ts",
        "app/api/sandbox/orders/[orderId]/process/route.ts",
        "app/api/sandbox/orders/[orderId]/reject/route.ts",
        "app/api/sandbox/payments/route.ts",
        "app/api/sandbox/settings/route.ts",
      ]),
    );
    const database = (await scratchDatabase("tokenrail_e2e_production"))!;
    // A sandbox instance creates the schema and an application; then production starts on the same database, where
    // that application's client-credentials client gets tokens like any partner's.
    // Production is given the keyring that sealed the seeder's records (its people's e-mails), as an operator moving
    // a database keeps its keyring with it.
    const seeder = await startDemoInstance(await freePort(), database.env);
    await stopServer(seeder.server, { keepData: true });
    const { env, devnet } = await productionEnvironment(database.env.DATABASE_URL);
    // Given a keyring of its own instead, it refuses to start: it could open none of what the seeder sealed.
    const stranger = spawnServer(await freePort(), env);
    expect(await stranger.exited).toBe(1);
    expect(stranger.output()).toContain(
      `  - TOKENRAIL_KEYRING_FILE: ${env.TOKENRAIL_KEYRING_FILE} is not the keyring this database's personal data is sealed with: none of its keys opens`,
    );
    await stopServer(stranger);
    const port = await freePort();
    const production = spawnServer(port, {
      ...env,
      TOKENRAIL_KEYRING_FILE: sandboxKeyringFile(seeder.server.dataDir),
    });
    try {
      await waitFor(`http://localhost:${port}/livez`);
      const target = { baseUrl: `http://localhost:${port}/api`, demo: seeder.demo };
      const token = await clientCredentialsToken(request, target);
      // The token is valid there: it is looked at, and accepted, where a route exists.
      const context = await request.get(`${target.baseUrl}/auth/context`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(context.status()).toBe(200);

      const callers = [
        ["no token", {}],
        ["a garbage token", { authorization: "Bearer not-a-token-at-all" }],
        ["a valid partner token", { authorization: `Bearer ${token}` }],
      ] as const;
      for (const route of routes) {
        for (const method of EVERY_METHOD) {
          for (const [who, headers] of callers) {
            const what = `${method} ${route.path} with ${who}`;
            const res = await request.fetch(`http://localhost:${port}${route.path}`, {
              method,
              headers: { ...headers, accept: V2, "content-type": "application/json" },
              data: ["POST", "PUT", "PATCH"].includes(method) ? { amount: "1.00", reason: "x" } : undefined,
            });
            expect(res.status(), what).toBe(404);
            expect(res.headers()["www-authenticate"], what).toBeUndefined();
            if (method !== "HEAD") expect(await res.json(), what).toEqual(NOT_FOUND);
          }
        }
      }
    } finally {
      await stopServer(production);
      await devnet.close();
      await database.drop();
      fs.rmSync(seeder.server.dataDir, { recursive: true, force: true });
    }
  });
});
