import http from "node:http";
import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { clusterSettings, startHaproxy } from "../fixtures/cluster.ts";
import { freePort } from "../fixtures/free-port.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startServer, stopServer, type SpawnedServer } from "../fixtures/spawn-server.ts";

/**
 * A password reset request sent from the loopback address `from` (each loopback address is a client of its own to
 * HAProxy), with the client's own `X-Forwarded-For` if given. Resolves with the status.
 */
function resetFrom(lbUrl: string, from: string, forwardedFor?: string): Promise<number> {
  const body = new URLSearchParams({ email: `reset-${randomUUID()}@example.com` }).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${lbUrl}/forgot-password/send`,
      {
        method: "POST",
        localAddress: from,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

// Issue 11: behind the shipped deploy/haproxy.cfg, each client is counted as itself, not as the balancer. Defined only
// where there is PostgreSQL (the instances of a deployment share one).
if (process.env.DATABASE_URL) {
  test("C55: behind HAProxy (deploy/haproxy.cfg, trusted by its instances) two clients have a mail budget each, and neither can choose its own address", async () => {
    test.setTimeout(300_000);
    const database = (await scratchDatabase("tokenrail_e2e_clients"))!;
    const [portA, portB, lbPort] = [await freePort(), await freePort(), await freePort()];
    const lbUrl = `http://127.0.0.1:${lbPort}`;
    // HAProxy reaches the instances from 127.0.0.1; the clients come from other loopback addresses.
    const { env } = clusterSettings(lbUrl, database.env.DATABASE_URL, { TOKENRAIL_ACCOUNT_MAILS_PER_CLIENT: "2" });
    const servers: SpawnedServer[] = [];
    const lb = startHaproxy(`127.0.0.1:${lbPort}`, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
    try {
      servers.push(await startServer(portA, env), await startServer(portB, env));
      await expect.poll(async () => (await fetch(`${lbUrl}/readyz`).catch(() => undefined))?.status).toBe(200);
      // Round robin: each client's requests land on both instances, which count them together once each has heard
      // of the other's (a moment after the answer).
      const expectReset = async (from: string, status: number, forwardedFor?: string) => {
        expect(await resetFrom(lbUrl, from, forwardedFor), `${from} ${forwardedFor ?? ""}`).toBe(status);
        await new Promise((resolve) => setTimeout(resolve, 500));
      };
      await expectReset("127.0.0.2", 200);
      await expectReset("127.0.0.2", 200, "203.0.113.50");
      await expectReset("127.0.0.2", 429, "203.0.113.51");
      await expectReset("127.0.0.3", 200);
      await expectReset("127.0.0.3", 200);
      await expectReset("127.0.0.3", 429);
      await expectReset("127.0.0.4", 200, "127.0.0.2");
    } finally {
      lb.child.kill("SIGTERM");
      await Promise.all(servers.map((server) => stopServer(server)));
      await database.drop();
    }
  });
}
