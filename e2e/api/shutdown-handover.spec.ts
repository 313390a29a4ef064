import { randomBytes, randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import pg from "pg";
import { V2 } from "../fixtures/api.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { spawnServer, stopServer, waitFor, type DemoInstance, type SpawnedServer } from "../fixtures/spawn-server.ts";
import { WebhookReceiver, type Delivery } from "../fixtures/webhook-receiver.ts";

// Issue 17: a stopping instance finishes the webhook deliveries it has in flight and releases those it claimed but
// did not send, within the grace period; on PostgreSQL another instance sends the released ones at once, not when
// their hold (here over two minutes) lapses.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds `order.*` deliveries in flight until the test lets them through. */
class Gate {
  private waiting: (() => void)[] = [];
  private open = false;
  hold = (delivery: Delivery): Promise<void> =>
    this.open || !delivery.type.startsWith("order.")
      ? Promise.resolve()
      : new Promise((resolve) => this.waiting.push(resolve));
  /** Lets through the deliveries held now; later ones are held again. */
  releaseHeld(): void {
    for (const go of this.waiting.splice(0)) go();
  }
  openFully(): void {
    this.open = true;
    this.releaseHeld();
  }
}

type Setup = {
  env: Record<string, string | undefined>;
  target: (port: number, server: SpawnedServer) => DemoInstance;
  drop: () => Promise<void>;
  databaseUrl?: string;
};

async function setup(): Promise<Setup> {
  const database = await scratchDatabase("tokenrail_e2e_handover");
  const demo = {
    codeClientId: randomUUID(),
    clientId: randomUUID(),
    clientSecret: randomBytes(24).toString("base64url"),
  };
  const operatorPassword = randomBytes(12).toString("base64url");
  return {
    env: {
      DATABASE_URL: database?.env.DATABASE_URL,
      TOKENRAIL_SECRET: randomBytes(32).toString("base64url"),
      TOKENRAIL_DEMO_CODE_CLIENT_ID: demo.codeClientId,
      TOKENRAIL_DEMO_CLIENT_ID: demo.clientId,
      TOKENRAIL_DEMO_CLIENT_SECRET: demo.clientSecret,
      TOKENRAIL_DEMO_OPERATOR_PASSWORD: operatorPassword,
      // An attempt held in flight does not time out while the test starts a second instance (slow on a busy machine);
      // a delivery's hold outlasts two attempts: over two minutes, far beyond what the test waits for a takeover.
      TOKENRAIL_WEBHOOK_TIMEOUT: "60",
      TOKENRAIL_WEBHOOK_POLL: "1",
      LOG_LEVEL: "info",
    },
    target: (port, server) => ({
      server,
      appUrl: `http://localhost:${port}`,
      baseUrl: `http://localhost:${port}/api`,
      demo,
      operatorPassword,
    }),
    drop: () => database?.drop() ?? Promise.resolve(),
    databaseUrl: database?.env.DATABASE_URL,
  };
}

async function start(s: Setup): Promise<DemoInstance> {
  const port = await freePort();
  const server = spawnServer(port, s.env);
  await waitFor(`http://localhost:${port}/readyz`, 120_000);
  return s.target(port, server);
}

async function subscribe(request: APIRequestContext, target: DemoInstance, receiver: WebhookReceiver) {
  const token = await request.post(`${target.baseUrl}/auth/token`, {
    form: {
      grant_type: "client_credentials",
      client_id: target.demo.clientId,
      client_secret: target.demo.clientSecret,
    },
  });
  const partner = {
    authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`,
    accept: V2,
  };
  const subscribed = await request.post(`${target.baseUrl}/webhooks`, {
    headers: partner,
    data: { url: await receiver.start(), secret: receiver.secret, types: ["order.created", "order.updated"] },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
}

const orderDeliveries = (receiver: WebhookReceiver) => receiver.deliveries.filter((d) => d.type.startsWith("order."));

async function deliveryStates(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ state: string; held: boolean; n: string }>(
      `SELECT state::text AS state, "lockedUntil" IS NOT NULL AS held, count(*) AS n FROM "WebhookDelivery"
       WHERE type LIKE 'order.%' GROUP BY 1, 2`,
    );
    return Object.fromEntries(rows.map((r) => [`${r.state}${r.held ? "+held" : ""}`, Number(r.n)]));
  } finally {
    await client.end();
  }
}

test("issue 17: on SIGTERM the webhook worker finishes the delivery in flight, then the instance exits within the grace period", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const s = await setup();
  const receiver = new WebhookReceiver();
  const gate = new Gate();
  receiver.hold = gate.hold;
  const a = await start(s);
  let operator: APIRequestContext | undefined;
  try {
    operator = await operatorSession(a);
    await subscribe(request, a, receiver);
    const customer = await customerWithIbanOn(request, a, operator);
    const paid = await request.post(`${a.baseUrl}/sandbox/payments`, {
      headers: customer.partner,
      data: { iban: customer.iban, amount: "5" },
    });
    expect(paid.status()).toBe(201);
    await expect.poll(() => orderDeliveries(receiver).length, { timeout: 15_000 }).toBeGreaterThan(0);

    const stopped = Date.now();
    a.server.child.kill("SIGTERM");
    await sleep(1_500);
    // Still sending: the process waits for the attempt in flight.
    expect(a.server.child.exitCode).toBeNull();
    gate.openFully();
    const code = await a.server.exited;
    expect(Date.now() - stopped).toBeLessThan(12_000);
    expect([143, null]).toContain(code);
    expect(a.server.output()).toContain("background work finished");
    if (s.databaseUrl) {
      // The attempts in flight were recorded; nothing is left held.
      const states = await deliveryStates(s.databaseUrl);
      expect(
        Object.keys(states).some((k) => k.endsWith("+held")),
        JSON.stringify(states),
      ).toBe(false);
      expect(states.delivered, JSON.stringify(states)).toBeGreaterThanOrEqual(
        orderDeliveries(receiver).length > 0 ? 1 : 0,
      );
    }
  } finally {
    gate.openFully();
    await operator?.dispose();
    await stopServer(a.server);
    await receiver.stop();
    await s.drop();
  }
});

if (process.env.DATABASE_URL) {
  test("issue 17: deliveries a stopping instance claimed but did not send are released, and another instance sends them at once", async ({
    request,
  }) => {
    test.setTimeout(240_000);
    const s = await setup();
    const receiver = new WebhookReceiver();
    const gate = new Gate();
    receiver.hold = gate.hold;
    const a = await start(s);
    let b: DemoInstance | undefined;
    let operator: APIRequestContext | undefined;
    try {
      operator = await operatorSession(a);
      await subscribe(request, a, receiver);
      const customer = await customerWithIbanOn(request, a, operator);
      const PAYMENTS = 30;
      for (let i = 0; i < PAYMENTS; i++) {
        const paid = await request.post(`${a.baseUrl}/sandbox/payments`, {
          headers: customer.partner,
          data: { iban: customer.iban, amount: "1" },
        });
        expect(paid.status()).toBe(201);
      }
      // The first run's deliveries are held in flight while the others pile up; let those through, and the next run
      // claims the rest at once, sending its first wave (held) with the others claimed behind it.
      await expect.poll(() => orderDeliveries(receiver).length, { timeout: 15_000 }).toBeGreaterThan(0);
      await sleep(1_000);
      const first = orderDeliveries(receiver).length;
      gate.releaseHeld();
      await expect.poll(() => orderDeliveries(receiver).length, { timeout: 15_000 }).toBe(first + 20);
      const held = await deliveryStates(s.databaseUrl!);
      expect(held["pending+held"], JSON.stringify(held)).toBeGreaterThan(20);

      b = await start(s);
      await sleep(2_000);
      // Held by the first instance: the second does not take them.
      expect(orderDeliveries(receiver).length).toBe(first + 20);

      const stopped = Date.now();
      a.server.child.kill("SIGTERM");
      await sleep(1_000);
      gate.openFully();
      await a.server.exited;
      expect(Date.now() - stopped).toBeLessThan(12_000);
      await expect.poll(() => orderDeliveries(receiver).length, { timeout: 15_000 }).toBe(PAYMENTS * 2);
      expect(Date.now() - stopped).toBeLessThan(30_000);
      const ids = orderDeliveries(receiver).map((d) => d.headers["webhook-id"]);
      expect(new Set(ids).size).toBe(PAYMENTS * 2);
      await expect.poll(async () => (await deliveryStates(s.databaseUrl!)).delivered).toBe(PAYMENTS * 2);
    } finally {
      gate.openFully();
      await operator?.dispose();
      await stopServer(a.server);
      if (b) await stopServer(b.server);
      await receiver.stop();
      await s.drop();
    }
  });
}
