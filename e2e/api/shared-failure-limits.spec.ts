import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import pg from "pg";
import { freePort } from "../fixtures/free-port.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { spawnServer, stopServer, waitFor, type SpawnedServer } from "../fixtures/spawn-server.ts";

async function failuresCounted(url: string, limiter?: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const where = limiter ? ` WHERE limiter = $1` : "";
    return (
      await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "AuthFailure"${where}`,
        limiter ? [limiter] : [],
      )
    ).rows[0]!.n;
  } finally {
    await client.end();
  }
}

// Several instances on one PostgreSQL count failed client authentications together (C29's limit: 10 in 15
// minutes), and an instance started later knows the failures already counted. Defined only where there is PostgreSQL.
if (process.env.DATABASE_URL) {
  test("issue 17, C55: wrong client secrets, and password reset requests, sent to two instances in turn reach the shared limits; a third instance started after knows them", async () => {
    test.setTimeout(180_000);
    const database = (await scratchDatabase("tokenrail_e2e_limits"))!;
    const demo = { clientId: randomUUID(), clientSecret: randomBytes(24).toString("base64url") };
    const env = {
      ...database.env,
      TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
      TOKENRAIL_DEMO_CLIENT_ID: demo.clientId,
      TOKENRAIL_DEMO_CLIENT_SECRET: demo.clientSecret,
      // The test stands in for a proxy on the loopback: its X-Forwarded-For names the clients.
      TOKENRAIL_TRUSTED_PROXIES: "127.0.0.0/8, ::1",
    };
    const servers: SpawnedServer[] = [];
    const start = async () => {
      const port = await freePort();
      servers.push(spawnServer(port, env));
      await waitFor(`http://localhost:${port}/readyz`);
      await expect.poll(async () => (await fetch(`http://localhost:${port}/readyz`)).status).toBe(200);
      return `http://localhost:${port}/api/auth/token`;
    };
    const token = (url: string, secret: string) =>
      fetch(url, {
        method: "POST",
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: demo.clientId,
          client_secret: secret,
        }),
      });
    try {
      const [a, b] = [await start(), await start()];
      // Five wrong secrets on each: neither instance alone has seen ten.
      for (let i = 0; i < 10; i++) expect((await token(i % 2 ? b : a, "wrong-secret-wrong-secret")).status).toBe(400);
      // Every failure is in the table once its announcement is sent; a moment later both have heard them all (a right
      // secret tried earlier would succeed on the instance that had not, and its success resets the count).
      await expect.poll(async () => await failuresCounted(database.env.DATABASE_URL)).toBe(10);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Together they have seen ten: even the right secret is refused now, on both.
      for (const url of [a, b]) expect((await token(url, demo.clientSecret)).status).toBe(429);
      const c = await start();
      const refused = await token(c, demo.clientSecret);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

      // C55: password reset requests count on both instances together, per address (5) and per client (20).
      const reset = (tokenUrl: string, email: string, client: string) =>
        fetch(tokenUrl.replace("/api/auth/token", "/forgot-password/send"), {
          method: "POST",
          headers: { "x-forwarded-for": client },
          body: new URLSearchParams({ email }),
        });
      const address = `limited-${randomUUID()}@example.com`;
      for (let i = 0; i < 5; i++) expect((await reset(i % 2 ? b : a, address, `198.51.100.${i}`)).status).toBe(200);
      await expect.poll(() => failuresCounted(database.env.DATABASE_URL, "account-mail-address")).toBe(5);
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const url of [a, b]) expect((await reset(url, address, "198.51.100.99")).status).toBe(429);
      for (let i = 0; i < 20; i++) {
        expect((await reset(i % 2 ? b : a, `client-${i}-${randomUUID()}@example.com`, "203.0.113.7")).status).toBe(200);
      }
      await expect.poll(() => failuresCounted(database.env.DATABASE_URL, "account-mail-client")).toBe(25);
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const url of [a, b, c]) {
        expect((await reset(url, `fresh-${randomUUID()}@example.com`, "203.0.113.7")).status).toBe(429);
      }
    } finally {
      await Promise.all(servers.map((server) => stopServer(server)));
      await database.drop();
    }
  });
}
