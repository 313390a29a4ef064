import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { V2 } from "../fixtures/api.ts";
import { linkedCustomer, siweTokens } from "../fixtures/customer.ts";
import { freePort } from "../fixtures/free-port.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startServer, stopServer } from "../fixtures/spawn-server.ts";

// Several instances on one PostgreSQL: a token revoked through one of them fails on the other within a second, though
// the other had just read it (and caches what it reads for five seconds). Defined only where there is PostgreSQL.
if (process.env.DATABASE_URL) {
  test("issue 17: a token family revoked on one instance fails on the other within one second, cached there or not", async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const database = (await scratchDatabase("tokenrail_e2e_revoke"))!;
    const demo = {
      codeClientId: randomUUID(),
      clientId: randomUUID(),
      clientSecret: randomBytes(24).toString("base64url"),
    };
    const env = {
      ...database.env,
      TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
      TOKENRAIL_DEMO_CODE_CLIENT_ID: demo.codeClientId,
      TOKENRAIL_DEMO_CLIENT_ID: demo.clientId,
      TOKENRAIL_DEMO_CLIENT_SECRET: demo.clientSecret,
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await startServer(portA, env);
    const b = await startServer(portB, env);
    try {
      const onA = { baseUrl: `http://localhost:${portA}/api`, demo };
      const onB = `http://localhost:${portB}/api`;
      await expect.poll(async () => (await fetch(`http://localhost:${portB}/readyz`)).status).toBe(200);
      const customer = await linkedCustomer(request, { target: onA });
      const first = await siweTokens(request, customer.account, onA);
      const refresh = (refreshToken: string) =>
        request.post(`${onA.baseUrl}/auth/token`, {
          form: { grant_type: "refresh_token", client_id: demo.codeClientId, refresh_token: refreshToken },
        });
      const rotated = await refresh(first.refresh_token);
      expect(rotated.status()).toBe(200);
      const second = (await rotated.json()) as { access_token: string };
      const context = (on: string) =>
        request.get(`${on}/auth/context`, { headers: { authorization: `Bearer ${second.access_token}`, accept: V2 } });
      // Both instances have just read the token: each now holds it in its cache.
      expect((await context(onB)).status()).toBe(200);
      expect((await context(onA.baseUrl)).status()).toBe(200);

      // Replaying the spent refresh token on A revokes the whole family (C11).
      expect((await refresh(first.refresh_token)).status()).toBe(400);
      const revokedAt = Date.now();
      await expect.poll(async () => (await context(onB)).status(), { intervals: [50], timeout: 1_000 }).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(1_000);
      expect((await context(onA.baseUrl)).status()).toBe(401);
    } finally {
      await Promise.all([stopServer(a), stopServer(b)]);
      await database.drop();
    }
  });
}
