import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { V2 } from "../fixtures/api.ts";
import { clusterSettings, query, startHaproxy } from "../fixtures/cluster.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { siweTokens } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { openedOrderSocket, type OrderSocket } from "../fixtures/order-socket.ts";
import { redeemBody, type FundedCustomer } from "../fixtures/orders.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startServer, stopServer, type DemoInstance, type SpawnedServer } from "../fixtures/spawn-server.ts";
import { WebhookReceiver } from "../fixtures/webhook-receiver.ts";

/**
 * Issue 17's scale-out test: two instances on one PostgreSQL behind HAProxy (deploy/haproxy.cfg, as documented), a
 * bounded mixed load through the balancer (tokens, reads, incoming payments, redeem orders, webhook deliveries), and
 * one instance killed with SIGKILL in the middle of it and started again. Afterwards: every acknowledged payment and
 * order exists once, the ledger adds up (C34), no balance is negative, the chain holds exactly what was minted (no
 * mint sent twice or lost), and every event reached the subscriber.
 */

const LOAD_MS = 12_000;
const KILL_AT_MS = 3_000;
const RESTART_AT_MS = 6_000;
const CUSTOMERS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loop's requests; `why` counts the failures by status or error, so a failed run says what refused them. */
type Tally = { sent: number; acknowledged: number; failed: number; why: Record<string, number> };

if (process.env.DATABASE_URL) {
  test("issue 17: two instances behind HAProxy, one killed with SIGKILL mid-load and restarted: nothing acknowledged is lost or doubled", async ({
    request,
  }) => {
    test.setTimeout(300_000);
    const database = (await scratchDatabase("tokenrail_e2e_scale"))!;
    const [portA, portB, lbPort] = [await freePort(), await freePort(), await freePort()];
    const lbUrl = `http://localhost:${lbPort}`;
    // One configuration for both instances: the same database, secret, public address and demo credentials.
    const { env, demo, operatorPassword } = clusterSettings(lbUrl, database.env.DATABASE_URL, {
      TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
      TOKENRAIL_WEBHOOK_TIMEOUT: "2",
    });
    let a: SpawnedServer = await startServer(portA, env);
    const b: SpawnedServer = await startServer(portB, env);
    const lb = startHaproxy(`127.0.0.1:${lbPort}`, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
    const receiver = new WebhookReceiver();
    let operator: APIRequestContext | undefined;
    try {
      await expect.poll(async () => (await fetch(`${lbUrl}/readyz`).catch(() => undefined))?.status).toBe(200);
      const target: DemoInstance = { server: a, appUrl: lbUrl, baseUrl: `${lbUrl}/api`, demo, operatorPassword };
      operator = await operatorSession(target);

      // The subscriber, then the customers, all through the balancer.
      const askToken = () =>
        fetch(`${target.baseUrl}/auth/token`, {
          method: "POST",
          body: new URLSearchParams({
            grant_type: "client_credentials",
            client_id: demo.clientId,
            client_secret: demo.clientSecret,
          }),
        });
      const token = async () => {
        const res = await askToken();
        return res.ok ? ((await res.json()) as { access_token: string }).access_token : undefined;
      };
      const partner = { authorization: `Bearer ${await token()}`, accept: V2 };
      const subscribed = await request.post(`${target.baseUrl}/webhooks`, {
        headers: partner,
        data: { url: await receiver.start(), secret: receiver.secret, types: ["order.created", "order.updated"] },
      });
      expect(subscribed.status(), await subscribed.text()).toBe(201);
      const subscription = ((await subscribed.json()) as { id: string }).id;
      const customers: FundedCustomer[] = [];
      for (let i = 0; i < CUSTOMERS; i++) customers.push(await customerWithIbanOn(request, target, operator));

      // The load: each loop sends one request at a time until the end; a request counts as acknowledged only when its
      // success answer arrived.
      const tallies: Record<string, Tally> = {};
      const acknowledged = {
        payments: new Map<string, { memo: string; profile: string }>(),
        orders: new Map<string, string>(),
      };
      const started = Date.now();
      const loop = (name: string, step: (i: number) => Promise<true | string>) =>
        (async () => {
          const tally: Tally = (tallies[name] = { sent: 0, acknowledged: 0, failed: 0, why: {} });
          for (let i = 0; Date.now() - started < LOAD_MS; i++) {
            tally.sent++;
            const outcome = await step(i).catch((error: Error) => error.cause?.toString() ?? error.message);
            if (outcome === true) tally.acknowledged++;
            else {
              tally.failed++;
              tally.why[outcome] = (tally.why[outcome] ?? 0) + 1;
            }
          }
        })();
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: "POST",
          headers: { ...partner, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const loops = [
        loop("token", async () => {
          const res = await askToken();
          await res.body?.cancel();
          return res.ok || String(res.status);
        }),
        loop("read", async (i) => {
          const customer = customers[i % CUSTOMERS]!;
          const urls = [
            `/auth/context`,
            `/orders?profile=${customer.profile}`,
            `/balances/sepolia/${customer.account.address}`,
            `/profiles/${customer.profile}`,
          ];
          const res = await fetch(`${target.baseUrl}${urls[i % urls.length]}`, { headers: partner });
          return res.status === 200 || String(res.status);
        }),
        ...customers.map((customer, c) =>
          loop(`payments ${c}`, async (i) => {
            const memo = `scale-out ${c}-${i}`;
            const res = await post(`${target.baseUrl}/sandbox/payments`, {
              iban: customer.iban,
              amount: "10.00",
              memo,
            });
            if (res.status !== 201) return String(res.status);
            acknowledged.payments.set(((await res.json()) as { id: string }).id, { memo, profile: customer.profile });
            return true;
          }),
        ),
        ...customers.map((customer, c) =>
          loop(`orders ${c}`, async () => {
            const body = await redeemBody(customer.account, "1.00");
            const res = await post(`${target.baseUrl}/orders`, body);
            if (res.status !== 200) return String(res.status);
            acknowledged.orders.set(((await res.json()) as { id: string }).id, String(body.signature));
            return true;
          }),
        ),
      ];
      const chaos = (async () => {
        await sleep(KILL_AT_MS);
        a.child.kill("SIGKILL");
        await a.exited;
        await sleep(RESTART_AT_MS - KILL_AT_MS);
        a = await startServer(portA, env);
      })();
      await Promise.all([...loops, chaos]);
      // Both instances serve again.
      await expect.poll(async () => (await fetch(`http://localhost:${portA}/readyz`)).status).toBe(200);

      const total = Object.values(tallies).reduce((sum, t) => sum + t.acknowledged, 0);
      expect(total, JSON.stringify(tallies)).toBeGreaterThan(100);
      expect(acknowledged.payments.size).toBeGreaterThan(0);
      expect(acknowledged.orders.size).toBeGreaterThan(0);

      const url = database.env.DATABASE_URL;
      const profiles = customers.map((c) => c.profile);
      // Every acknowledged payment and order exists, once: by its id, by its memo (payments, asked of the API, since a
      // memo is sealed at rest) or signature (orders).
      const freshPartner = { authorization: `Bearer ${await token()}`, accept: V2 };
      for (const [id, { memo, profile }] of acknowledged.payments) {
        const res = await fetch(`${target.baseUrl}/orders?profile=${profile}&memo=${encodeURIComponent(memo)}`, {
          headers: freshPartner,
        });
        expect(res.status, memo).toBe(200);
        const found = ((await res.json()) as { orders: { id: string }[] }).orders.map((o) => o.id);
        expect(found, memo).toEqual([id]);
      }
      const orders = await query<{ id: string; signature: string }>(
        url,
        `SELECT id::text, signature FROM "Order" WHERE kind = 'redeem' AND "profileId" = ANY($1::uuid[])`,
        [profiles],
      );
      for (const [id, signature] of acknowledged.orders) {
        expect(orders.filter((o) => o.signature === signature).map((o) => o.id)).toEqual([id]);
      }
      // Every payment is minted in the end (one interrupted by the kill is finished by the survivor's job).
      await expect
        .poll(
          async () =>
            (
              await query<{ open: number }>(
                url,
                `SELECT count(*)::int AS open FROM "Order" WHERE kind = 'issue' AND state <> 'processed' AND "profileId" = ANY($1::uuid[])`,
                [profiles],
              )
            )[0]!.open,
          { timeout: 60_000 },
        )
        .toBe(0);

      // The ledger adds up, no wallet is below zero, and each chain balance is exactly what was minted.
      const ledger = await operator.get("/api/admin/ledger");
      expect(((await ledger.json()) as { consistent: boolean }).consistent).toBe(true);
      const negative = await query(url, `SELECT id FROM "LedgerAccount" WHERE "balanceMinor" < 0 AND kind = 'wallet'`);
      expect(negative).toEqual([]);
      const duplicates = await query(url, `SELECT h FROM "Order", unnest("txHashes") h GROUP BY h HAVING count(*) > 1`);
      expect(duplicates).toEqual([]);
      for (const customer of customers) {
        const [sums] = await query<{ minted: string; held: string }>(
          url,
          `SELECT COALESCE(SUM("amountMinor") FILTER (WHERE kind = 'issue' AND state = 'processed'), 0)::text AS minted,
                  COALESCE(SUM("amountMinor") FILTER (WHERE kind = 'redeem' AND state = 'placed'), 0)::text AS held
           FROM "Order" WHERE "profileId" = $1::uuid`,
          [customer.profile],
        );
        // The (simulated) chain holds exactly what was minted: no redeem order was processed, so nothing was burned.
        const [onChain] = await query<{ units: string }>(
          url,
          `SELECT COALESCE(SUM(units), 0)::text AS units FROM "SimulatedTokenBalance"
           WHERE chain = 'sepolia' AND currency = 'eur' AND "addressKey" = $1`,
          [customer.account.address.toLowerCase()],
        );
        expect(BigInt(onChain!.units)).toBe(BigInt(sums!.minted) * 10n ** 16n);
        // The ledger's balance, as the API reports it, is what was minted less what placed redeem orders hold.
        const res = await request.get(`${target.baseUrl}/balances/sepolia/${customer.account.address}`, {
          headers: partner,
        });
        const eur = ((await res.json()) as { balances: { currency: string; amount: string }[] }).balances.find(
          (balance) => balance.currency === "eur",
        );
        const [whole = "0", fraction = ""] = (eur?.amount ?? "0").split(".");
        expect(BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"))).toBe(BigInt(sums!.minted) - BigInt(sums!.held));
      }

      // Every event of these customers reached the subscriber (a delivery cut off by the kill is retried).
      await expect
        .poll(
          async () => {
            const rows = await query<{ id: string; state: string }>(
              url,
              `SELECT d.id::text, d.state::text FROM "WebhookDelivery" d JOIN "DomainEvent" e ON e.id = d."eventId"
               WHERE e."profileId" = ANY($1::uuid[]) AND d."subscriptionId" = $2::uuid`,
              [profiles, subscription],
            );
            const received = new Set(receiver.deliveries.map((d) => d.headers["webhook-id"]));
            const unfanned = await query(
              url,
              `SELECT id FROM "DomainEvent" WHERE "fannedOutAt" IS NULL AND "profileId" = ANY($1::uuid[])`,
              [profiles],
            );
            return unfanned.length + rows.filter((row) => row.state !== "delivered" || !received.has(row.id)).length;
          },
          { timeout: 90_000, intervals: [1_000] },
        )
        .toBe(0);
      expect(receiver.unverified).toEqual([]);
    } finally {
      await operator?.dispose();
      lb.child.kill("SIGTERM");
      await receiver.stop();
      await Promise.all([stopServer(a), stopServer(b)]);
      await database.drop();
    }
  });
}

if (process.env.DATABASE_URL) {
  test("C62: an order changed through one instance reaches order WebSockets on the other, directly and through HAProxy; a token revoked on one closes its socket on the other", async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const database = (await scratchDatabase("tokenrail_e2e_socket"))!;
    const [portA, portB, lbPort] = [await freePort(), await freePort(), await freePort()];
    const lbUrl = `http://localhost:${lbPort}`;
    const { env, demo, operatorPassword } = clusterSettings(lbUrl, database.env.DATABASE_URL);
    const a = await startServer(portA, env);
    const b = await startServer(portB, env);
    const lb = startHaproxy(`127.0.0.1:${lbPort}`, [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
    let operator: APIRequestContext | undefined;
    const sockets: OrderSocket[] = [];
    try {
      await expect.poll(async () => (await fetch(`${lbUrl}/readyz`).catch(() => undefined))?.status).toBe(200);
      const target: DemoInstance = { server: a, appUrl: lbUrl, baseUrl: `${lbUrl}/api`, demo, operatorPassword };
      operator = await operatorSession(target);
      const customer = await customerWithIbanOn(request, target, operator);
      const token = customer.partner.authorization!.slice("Bearer ".length);
      const query = { access_token: token, profile: customer.profile };
      // One socket on instance A itself, and two through the balancer (round robin: one lands on each instance).
      for (const base of [`http://localhost:${portA}/api`, target.baseUrl, target.baseUrl]) {
        sockets.push(await openedOrderSocket(base, query));
      }
      // The payment, and so the order's creation and processing, made through instance B only.
      const paid = await request.post(`http://localhost:${portB}/api/sandbox/payments`, {
        headers: customer.partner,
        data: { iban: customer.iban, amount: "42.00", memo: "scale-out socket" },
      });
      expect(paid.status(), await paid.text()).toBe(201);
      const order = (await paid.json()) as { id: string };
      for (const socket of sockets) {
        await expect
          .poll(() => socket.messages.filter((m) => m.id === order.id).map((m) => m.state), { timeout: 15_000 })
          .toEqual(["pending", "processed"]);
      }
      const read = await request.get(`http://localhost:${portA}/api/orders/${order.id}`, { headers: customer.partner });
      expect(sockets[0]!.messages.at(-1)).toEqual(await read.json());

      // A person's token revoked through instance B closes its socket on instance A.
      const onA = { baseUrl: `http://localhost:${portA}/api`, demo };
      const onB = { baseUrl: `http://localhost:${portB}/api`, demo };
      const first = await siweTokens(request, customer.account, onA);
      const refresh = (refreshToken: string) =>
        request.post(`${onB.baseUrl}/auth/token`, {
          form: { grant_type: "refresh_token", client_id: demo.codeClientId, refresh_token: refreshToken },
        });
      const rotated = await refresh(first.refresh_token);
      expect(rotated.status()).toBe(200);
      const { access_token } = (await rotated.json()) as { access_token: string };
      const personal = await openedOrderSocket(onA.baseUrl, { access_token, profile: customer.profile });
      sockets.push(personal);
      expect((await refresh(first.refresh_token)).status()).toBe(400);
      const revokedAt = Date.now();
      expect(await personal.closed).toEqual({ code: 4401, reason: "The access token is no longer valid" });
      expect(Date.now() - revokedAt).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.ws.terminate();
      await operator?.dispose();
      lb.child.kill("SIGTERM");
      await Promise.all([stopServer(a), stopServer(b)]);
      await database.drop();
    }
  });
}
