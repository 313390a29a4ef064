import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { clientCredentialsToken, V2 } from "../fixtures/api.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import type { FundedCustomer } from "../fixtures/orders.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { demoCredentialsOf, type DemoInstance, startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";
import { WebhookReceiver, type Delivery } from "../fixtures/webhook-receiver.ts";
import { onPostgres } from "../fixtures/on-postgres.ts";

/**
 * The webhook worker is woken by the commit that records an event, on every instance sharing the database; its poll
 * is only the fallback. The instances these tests start poll every ten minutes, so a delivery that arrives within
 * seconds was woken for, never polled for.
 */
const SETTINGS = {
  TOKENRAIL_WEBHOOK_POLL: "600",
  TOKENRAIL_SANDBOX_AUTO_APPROVE: "off",
  TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
  TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
};
/** Well within the fallback poll; generous for a loaded machine (the benchmark judges the milliseconds, P5l). */
const WITHIN_MS = 5_000;

const memoOf = (d: Delivery) => (d.data as { memo?: string }).memo ?? "";

async function subscribe(
  request: APIRequestContext,
  target: Pick<DemoInstance, "baseUrl" | "demo">,
  receiver: WebhookReceiver,
): Promise<void> {
  const url = await receiver.start();
  const partner = { authorization: `Bearer ${await clientCredentialsToken(request, target)}`, accept: V2 };
  const res = await request.post(`${target.baseUrl}/webhooks`, {
    headers: partner,
    data: { url, secret: receiver.secret, types: ["order.created"] },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function pay(request: APIRequestContext, baseUrl: string, customer: FundedCustomer, memo: string) {
  const res = await request.post(`${baseUrl}/sandbox/payments`, {
    headers: customer.partner,
    data: { iban: customer.iban, amount: "1", memo },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test("issue 16: a sandbox payment's order.created reaches the receiver within seconds, long before the fallback poll", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const database = await scratchDatabase("tokenrail_e2e_wake");
  const target = await startDemoInstance(await freePort(), { ...SETTINGS, ...database?.env });
  const operator = await operatorSession(target);
  const receiver = new WebhookReceiver();
  try {
    const customer = await customerWithIbanOn(request, target, operator);
    await subscribe(request, target, receiver);
    for (const n of [1, 2, 3]) {
      const memo = `issue 16 wake ${n}`;
      const sent = Date.now();
      await pay(request, target.baseUrl, customer, memo);
      await expect
        .poll(() => receiver.of("order.created").filter((d) => memoOf(d) === memo).length, {
          intervals: [25],
          timeout: WITHIN_MS,
        })
        .toBe(1);
      expect(Date.now() - sent).toBeLessThan(WITHIN_MS);
    }
    expect(receiver.unverified).toEqual([]);
    // The instance's metrics count the attempts (issue 17): the three deliveries, recorded behind the sends.
    await expect
      .poll(async () => {
        const text = await (await fetch(`${target.appUrl}/metrics`)).text();
        return Number(/^tokenrail_webhook_delivery_attempts_total\{outcome="delivered"\} (\d+)$/m.exec(text)?.[1] ?? 0);
      })
      .toBeGreaterThanOrEqual(3);
  } finally {
    await receiver.stop();
    await operator.dispose();
    await stopServer(target.server);
    await database?.drop();
  }
});

onPostgres("two instances on one PostgreSQL", () => {
  test("issue 16: an event recorded through one instance wakes both and is delivered once", async ({ request }) => {
    test.setTimeout(180_000);
    const database = (await scratchDatabase("tokenrail_e2e_wake_two"))!;
    const shared = { ...SETTINGS, ...database.env, TOKENRAIL_SECRET: randomBytes(32).toString("base64url") };
    const first = await startDemoInstance(await freePort(), shared);
    const second = await startDemoInstance(await freePort(), {
      ...shared,
      ...demoCredentialsOf(first),
    });
    const operator = await operatorSession(first);
    const receiver = new WebhookReceiver();
    try {
      const customer = await customerWithIbanOn(request, first, operator);
      // Subscribed through the second instance, paid through the first: the database is what they share.
      await subscribe(request, { baseUrl: second.baseUrl, demo: first.demo }, receiver);
      const memos = Array.from({ length: 8 }, (_, n) => `issue 16 two instances ${n}`);
      await Promise.all(memos.map((memo) => pay(request, first.baseUrl, customer, memo)));
      // From the last payment's answer: what is timed is the wake-up, not the payments' own work on a busy machine.
      const sent = Date.now();
      const arrived = () => receiver.of("order.created").filter((d) => memos.includes(memoOf(d)));
      await expect.poll(() => arrived().length, { intervals: [25], timeout: WITHIN_MS }).toBe(memos.length);
      expect(Date.now() - sent).toBeLessThan(WITHIN_MS);
      // Both workers were woken; a second copy of any of them would follow within moments.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(arrived().map(memoOf).sort()).toEqual([...memos].sort());
      const ids = arrived().map((d) => d.headers["webhook-id"]);
      expect(new Set(ids).size).toBe(memos.length);
      expect(receiver.unverified).toEqual([]);
    } finally {
      await receiver.stop();
      await operator.dispose();
      await Promise.all([stopServer(first.server), stopServer(second.server)]);
      await database.drop();
    }
  });
});
