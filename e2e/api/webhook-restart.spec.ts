import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { clientCredentialsToken, V2 } from "../fixtures/api.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import {
  demoCredentialsOf,
  type SpawnedServer,
  spawnServer,
  startDemoInstance,
  stopServer,
  waitFor,
} from "../fixtures/spawn-server.ts";
import { Gate } from "../fixtures/webhook-gate.ts";
import { WebhookReceiver } from "../fixtures/webhook-receiver.ts";

/**
 * C60 for a single instance, on the embedded database and on PostgreSQL alike: the webhook deliveries it had in flight
 * when it was killed go out again from the same instance started again, as soon as it is back, not when their hold
 * (a minute) lapses. It polls for due deliveries only every ten minutes: its first run at start is what sends them.
 */

const PAYMENTS = 3;
/** From the restarted instance answering `/readyz` to the last interrupted delivery's arrival. */
const WITHIN_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("C60: deliveries in flight on an instance killed with SIGKILL go out from it restarted within seconds, each webhook-id once after the restart", async ({
  request,
}) => {
  test.setTimeout(240_000);
  const database = await scratchDatabase("tokenrail_e2e_restart");
  const port = await freePort();
  const settings = {
    ...database?.env,
    TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
    TOKENRAIL_WEBHOOK_TIMEOUT: "15",
    TOKENRAIL_WEBHOOK_POLL: "600",
    TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
  };
  const first = await startDemoInstance(port, settings);
  let server: SpawnedServer = first.server;
  const receiver = new WebhookReceiver();
  const gate = new Gate();
  receiver.hold = gate.hold;
  let operator: APIRequestContext | undefined;
  try {
    operator = await operatorSession(first);
    const partner = { authorization: `Bearer ${await clientCredentialsToken(request, first)}`, accept: V2 };
    const subscribed = await request.post(`${first.baseUrl}/webhooks`, {
      headers: partner,
      data: { url: await receiver.start(), secret: receiver.secret, types: ["order.created", "order.updated"] },
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);
    const subscription = ((await subscribed.json()) as { id: string }).id;
    const customer = await customerWithIbanOn(request, first, operator);
    await operator.dispose();
    operator = undefined;

    for (let i = 0; i < PAYMENTS; i++) {
      const paid = await request.post(`${first.baseUrl}/sandbox/payments`, {
        headers: customer.partner,
        data: { iban: customer.iban, amount: "1" },
      });
      expect(paid.status()).toBe(201);
    }
    await expect.poll(() => gate.arrivals.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await sleep(500);
    const inFlight = [...new Set(gate.arrivals.map((arrival) => arrival.id))];

    server.child.kill("SIGKILL");
    const killed = Date.now();
    await server.exited;
    gate.openFully();
    // The same instance again: its data directory (or database), secret and demo credentials.
    server = spawnServer(port, {
      ...settings,
      TOKENRAIL_DATA_DIR: first.server.dataDir,
      ...demoCredentialsOf(first),
    });
    await expect
      .poll(async () => (await waitFor(`http://localhost:${port}/readyz`, 120_000)).status, { timeout: 120_000 })
      .toBe(200);
    const ready = Date.now();
    const missing = () => inFlight.filter((id) => !gate.arrivals.some((a) => a.id === id && a.at >= killed));
    while (missing().length > 0 && Date.now() - ready < 90_000) await sleep(100);
    const afterReadyMs = gate.lastArrivalMs(inFlight, killed) - (ready - killed);
    console.log(`C60: ${inFlight.length} deliveries in flight; the last arrived ${afterReadyMs} ms after the restart`);
    expect(
      { missing: missing().length, withinLimit: afterReadyMs <= WITHIN_MS },
      `the last interrupted delivery arrived ${afterReadyMs} ms after the restarted instance was ready`,
    ).toEqual({ missing: 0, withinLimit: true });

    // Every delivery is recorded as delivered, and each interrupted one was sent once after the restart.
    const states = async () => {
      const res = await request.get(`${first.baseUrl}/webhooks/${subscription}/deliveries`, { headers: partner });
      expect(res.status()).toBe(200);
      const { deliveries } = (await res.json()) as { deliveries: { id: string; type: string; state: string }[] };
      return deliveries.filter((d) => d.type.startsWith("order.")).map((d) => d.state);
    };
    await expect.poll(states, { timeout: 30_000 }).toEqual(Array(2 * PAYMENTS).fill("delivered"));
    for (const id of inFlight) {
      expect(gate.arrivals.filter((a) => a.id === id && a.at >= killed).length, id).toBe(1);
    }
    expect(receiver.unverified).toEqual([]);
  } finally {
    gate.openFully();
    await operator?.dispose();
    await receiver.stop();
    await stopServer(server);
    await stopServer(first.server);
    await database?.drop();
  }
});
