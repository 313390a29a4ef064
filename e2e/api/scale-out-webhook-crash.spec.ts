import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { clientCredentialsToken, V2 } from "../fixtures/api.ts";
import { clusterSettings, query, startHaproxy } from "../fixtures/cluster.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startServer, stopServer, waitFor, type DemoInstance, type SpawnedServer } from "../fixtures/spawn-server.ts";
import { Gate } from "../fixtures/webhook-gate.ts";
import { WebhookReceiver } from "../fixtures/webhook-receiver.ts";

/**
 * The scale-out deployment (two instances behind HAProxy on one PostgreSQL) when an instance dies holding webhook
 * deliveries: the survivor must carry them on within seconds (C60), not when their hold lapses (a minute and more),
 * and each goes out once more with the same `webhook-id`. The instances poll for due deliveries only every ten
 * minutes, so what the survivor sends within seconds it was woken for by the death of its peer.
 */

const PAYMENTS = 12;
/** From the SIGKILL to the last interrupted delivery's arrival from the survivor. */
const WITHIN_MS = 5_000;
/** How long the test waits for them at all: past every hold, so a run on a build without C60 ends with the figure. */
const WAIT_MS = 100_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.env.DATABASE_URL) {
  test("C60: webhook deliveries held by an instance killed with SIGKILL reach the receiver from the survivor within seconds, each webhook-id once after the crash", async ({
    request,
  }) => {
    test.setTimeout(300_000);
    const database = (await scratchDatabase("tokenrail_e2e_crash"))!;
    const url = database.env.DATABASE_URL;
    const [portA, portB, lbPort] = [await freePort(), await freePort(), await freePort()];
    const lbUrl = `http://localhost:${lbPort}`;
    const { env, demo, operatorPassword } = clusterSettings(lbUrl, url, {
      // An attempt in flight outlasts the test's steps while the peer is held still; its hold is a minute and more.
      TOKENRAIL_WEBHOOK_TIMEOUT: "15",
      TOKENRAIL_WEBHOOK_POLL: "600",
      TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
    });
    const a: SpawnedServer = await startServer(portA, env);
    const b: SpawnedServer = await startServer(portB, env);
    const lb = startHaproxy(`127.0.0.1:${lbPort}`, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
    const receiver = new WebhookReceiver();
    const gate = new Gate();
    const arrivals = gate.arrivals;
    receiver.hold = gate.hold;
    let operator: APIRequestContext | undefined;
    try {
      await expect.poll(async () => (await fetch(`${lbUrl}/readyz`).catch(() => undefined))?.status).toBe(200);
      const target: DemoInstance = { server: a, appUrl: lbUrl, baseUrl: `${lbUrl}/api`, demo, operatorPassword };
      operator = await operatorSession(target);
      const partner = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
      const subscribed = await request.post(`${target.baseUrl}/webhooks`, {
        headers: partner,
        data: { url: await receiver.start(), secret: receiver.secret, types: ["order.created", "order.updated"] },
      });
      expect(subscribed.status(), await subscribed.text()).toBe(201);
      const subscription = ((await subscribed.json()) as { id: string }).id;
      const customer = await customerWithIbanOn(request, target, operator);

      // B is held still (SIGSTOP) while A records the payments and claims their deliveries: A is the one holder.
      b.child.kill("SIGSTOP");
      const onA = `http://localhost:${portA}/api`;
      for (let i = 0; i < PAYMENTS; i++) {
        const paid = await request.post(`${onA}/sandbox/payments`, {
          headers: customer.partner,
          data: { iban: customer.iban, amount: "1" },
        });
        expect(paid.status()).toBe(201);
      }
      // Every payment minted, so every event recorded; A's first run meanwhile waits on the slow receiver.
      const open = () =>
        query<{ n: number }>(
          url,
          `SELECT count(*)::int AS n FROM "Order"
           WHERE kind = 'issue' AND state <> 'processed' AND "profileId" = $1::uuid`,
          [customer.profile],
        );
      await expect.poll(async () => (await open())[0]!.n, { timeout: 30_000 }).toBe(0);
      await expect.poll(() => arrivals.length, { timeout: 15_000 }).toBeGreaterThan(0);
      // Let the first run's attempts through: A's next run claims every other delivery at once, and its first wave
      // waits on the receiver with the rest claimed behind it.
      const first = arrivals.length;
      gate.releaseHeld();
      await expect.poll(() => arrivals.length, { timeout: 15_000 }).toBe(first + 20);
      const unfanned = await query(url, `SELECT id FROM "DomainEvent" WHERE "fannedOutAt" IS NULL`);
      expect(unfanned).toEqual([]);

      // B runs again and sees A's claims held by a live instance: it takes none of them.
      b.child.kill("SIGCONT");
      await waitFor(`http://localhost:${portB}/readyz`);
      await sleep(2_000);
      expect(arrivals.length).toBe(first + 20);
      const interrupted = (
        await query<{ id: string }>(
          url,
          `SELECT id FROM "WebhookDelivery" WHERE type LIKE 'order.%' AND state = 'pending' AND "lockedUntil" IS NOT NULL`,
        )
      ).map((row) => row.id);
      const inFlight = new Set(arrivals.slice(first).map((arrival) => arrival.id));
      expect(interrupted.length).toBeGreaterThan(20);
      expect(interrupted.filter((id) => inFlight.has(id)).length).toBe(20);

      a.child.kill("SIGKILL");
      const killed = Date.now();
      await a.exited;
      gate.openFully();
      const after = () => arrivals.filter((arrival) => arrival.at >= killed);
      const missing = () => interrupted.filter((id) => !after().some((arrival) => arrival.id === id));
      const deadline = killed + WAIT_MS;
      while (missing().length > 0 && Date.now() < deadline) await sleep(100);
      const arrivedMs = gate.lastArrivalMs(interrupted, killed);
      console.log(`C60: ${interrupted.length} interrupted deliveries, the last arrived ${arrivedMs} ms after the kill`);
      expect(
        { missing: missing().length, withinLimit: arrivedMs <= WITHIN_MS },
        `${interrupted.length} interrupted deliveries; the last arrived ${arrivedMs} ms after the kill`,
      ).toEqual({ missing: 0, withinLimit: true });

      // Each recorded as delivered (through the balancer, from the survivor), each sent once after the crash.
      const delivered = async () => {
        const res = await request.get(`${target.baseUrl}/webhooks/${subscription}/deliveries`, {
          headers: partner,
          params: { limit: "100" },
        });
        expect(res.status()).toBe(200);
        const { deliveries } = (await res.json()) as { deliveries: { id: string; state: string }[] };
        return deliveries.filter((d) => interrupted.includes(d.id) && d.state === "delivered").length;
      };
      await expect.poll(delivered, { timeout: 15_000 }).toBe(interrupted.length);
      for (const id of interrupted) {
        const seen = arrivals.filter((arrival) => arrival.id === id);
        expect(seen.filter((arrival) => arrival.at >= killed).length, id).toBe(1);
        expect(seen.length, id).toBe(inFlight.has(id) ? 2 : 1);
      }
      expect(receiver.unverified).toEqual([]);
    } finally {
      gate.openFully();
      if (b.child.exitCode === null) b.child.kill("SIGCONT");
      await operator?.dispose();
      lb.child.kill("SIGTERM");
      await receiver.stop();
      await Promise.all([stopServer(a), stopServer(b)]);
      await database.drop();
    }
  });
}
