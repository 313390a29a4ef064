import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, clientCredentialsToken, jsonOf, V2 } from "../fixtures/api.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { fundedCustomer, redeemBody, type Order } from "../fixtures/orders.ts";
import { WebhookReceiver } from "../fixtures/webhook-receiver.ts";

type Subscription = { id: string; url: string; types: string[]; state: string };

let operator: APIRequestContext;
let partner: Record<string, string>;
const receiver = new WebhookReceiver();
let url = "";

test.beforeAll(async ({ request }) => {
  operator = await operatorSession();
  partner = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
  url = await receiver.start();
});
test.afterAll(async () => {
  await operator.dispose();
  await receiver.stop();
});

test.describe.configure({ mode: "serial" });

test.describe("webhooks", () => {
  let subscription: Subscription;

  test("C22: a receiver that refuses subscription.created gets no subscription; one that answers 2xx does", async ({
    request,
  }) => {
    receiver.respond = () => 503;
    const refused = await request.post(api("/webhooks"), { headers: partner, data: { url, secret: receiver.secret } });
    expect(refused.status()).toBe(400);
    expect(await jsonOf(refused)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "The receiver did not accept the subscription.created event",
      errors: { url: "answered 503; a receiver must answer the subscription.created event with a 2xx" },
    });
    receiver.respond = () => 200;
    const res = await request.post(api("/webhooks"), {
      headers: partner,
      data: {
        url,
        secret: receiver.secret,
        types: ["order.updated", "order.created", "profile.updated", "iban.updated"],
      },
    });
    expect(res.status()).toBe(201);
    subscription = (await jsonOf(res)) as Subscription;
    expect(Object.keys(subscription).sort()).toEqual(["id", "state", "types", "url"]);
    expect(subscription).toMatchObject({
      url,
      types: ["iban.updated", "order.created", "order.updated", "profile.updated"],
      state: "active",
    });
    expect(JSON.stringify(subscription)).not.toContain(receiver.secret.slice(6));
    // Both handshakes arrived, signed, without data.
    const handshakes = receiver.of("subscription.created");
    expect(handshakes).toHaveLength(2);
    expect(handshakes[1]!.data).toBeUndefined();
    const listed = await request.get(api("/webhooks"), { headers: partner });
    expect(((await listed.json()) as { subscriptions: Subscription[] }).subscriptions).toContainEqual(subscription);
  });

  test("bad subscriptions are 400 with the field named", async ({ request }) => {
    for (const [data, errors] of [
      [{ url, secret: "not-a-secret" }, { secret: "must be whsec_ followed by the base64 of 24 to 64 random bytes" }],
      [{ url: "ftp://example.com", secret: receiver.secret }, { url: "must be an https URL" }],
      [
        { url, secret: receiver.secret, types: ["order.deleted"] },
        { "types.0": expect.stringContaining("must be one of") },
      ],
      [{ secret: receiver.secret }, { url: "URL missing" }],
    ] as const) {
      const res = await request.post(api("/webhooks"), { headers: partner, data });
      expect(res.status(), JSON.stringify(data)).toBe(400);
      expect(((await res.json()) as { errors: unknown }).errors).toEqual(errors);
    }
  });

  test("C20: every change to a customer's profile, IBAN and orders arrives signed and verifiable, once per event", async ({
    request,
  }) => {
    const customer = await fundedCustomer(request, operator, "80");
    const placed = await request.post(api("/orders"), {
      headers: customer.partner,
      data: await redeemBody(customer.account, "30"),
    });
    const order = (await placed.json()) as Order;
    await request.post(api(`/sandbox/orders/${order.id}/process`), { headers: customer.partner });
    const forCustomer = (type: string) =>
      receiver.of(type).filter((d) => JSON.stringify(d.data).includes(customer.profile));
    // Deliveries may arrive out of event order (docs/api.md: a retried or later-claimed delivery does not hold others
    // back), so each kind is awaited on its own.
    await expect.poll(() => forCustomer("order.updated").length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => forCustomer("order.created").length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => forCustomer("iban.updated").length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => forCustomer("profile.updated").map((d) => (d.data as { state: string }).state), { timeout: 15_000 })
      .toContain("approved");
    const redeemed = forCustomer("order.updated").find((d) => (d.data as Order).id === order.id)!;
    expect(redeemed.data).toMatchObject({ id: order.id, kind: "redeem", state: "processed", amount: "30.00" });
    expect(receiver.unverified).toEqual([]);
    const ids = receiver.deliveries.map((d) => d.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("the delivery log shows each attempt; a failed delivery is retried with the same id and can be resent", async ({
    request,
  }) => {
    receiver.respond = () => 500;
    const customer = await fundedCustomer(request, operator, "0");
    const log = async () =>
      (
        (await (
          await request.get(api(`/webhooks/${subscription.id}/deliveries?limit=100`), { headers: partner })
        ).json()) as {
          deliveries: {
            id: string;
            type: string;
            state: string;
            attempts: number;
            lastAttempt?: { responseStatus?: number };
          }[];
        }
      ).deliveries;
    // The customer's IBAN event fails once; the retry (5 s later) succeeds with the same webhook-id.
    const ibanEvent = () =>
      receiver.of("iban.updated").find((d) => (d.data as { profile?: string }).profile === customer.profile)?.headers[
        "webhook-id"
      ];
    await expect.poll(ibanEvent, { timeout: 15_000 }).toBeTruthy();
    receiver.respond = () => 200;
    const failing = { id: ibanEvent()! };
    await expect
      .poll(async () => (await log()).find((d) => d.id === failing.id)?.state, { timeout: 20_000 })
      .toBe("delivered");
    const attempts = receiver.deliveries.filter((d) => d.headers["webhook-id"] === failing.id);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts.map((a) => a.headers["webhook-signature"])).size).toBe(attempts.length);

    const detail = await request.get(api(`/webhooks/${subscription.id}/deliveries/${failing.id}`), {
      headers: partner,
    });
    const full = (await detail.json()) as { attemptLog: { responseStatus: number }[]; payload: string };
    expect(full.attemptLog.map((a) => a.responseStatus)).toEqual([500, 200]);
    expect(JSON.parse(full.payload)).toMatchObject({ type: "iban.updated", data: { profile: customer.profile } });

    const resent = await request.post(api(`/webhooks/${subscription.id}/deliveries/${failing.id}/resend`), {
      headers: partner,
    });
    expect(resent.status()).toBe(200);
    await expect
      .poll(() => receiver.deliveries.filter((d) => d.headers["webhook-id"] === failing.id).length, { timeout: 10_000 })
      .toBe(attempts.length + 1);
  });

  test("switched off, nothing is sent; removed, it is gone", async ({ request }) => {
    const off = await request.patch(api(`/webhooks/${subscription.id}`), {
      headers: partner,
      data: { state: "inactive" },
    });
    expect(off.status()).toBe(200);
    expect(((await off.json()) as Subscription).state).toBe("inactive");
    const before = receiver.deliveries.length;
    await fundedCustomer(request, operator, "0");
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.deliveries.length).toBe(before);

    const removed = await request.delete(api(`/webhooks/${subscription.id}`), { headers: partner });
    expect(removed.status()).toBe(200);
    const gone = await request.get(api(`/webhooks/${subscription.id}`), { headers: partner });
    expect(gone.status()).toBe(404);
    expect(await gone.json()).toEqual({ code: 404, status: "Not Found", message: "Subscription not found" });
  });
});
