import { MoneriumClient, OrderState, type Order as SdkOrder } from "@monerium/sdk";
import WebSocket from "ws";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, server } from "../fixtures/api.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { fundedCustomer, payIn, type FundedCustomer, type Order } from "../fixtures/orders.ts";
import { otherApplication, type OtherApplication } from "../fixtures/second-application.ts";
import { carrySdkFetch } from "../fixtures/sdk-fetch.ts";

/**
 * C62 with the published SDK 3.5.0, unmodified, on an integrator's backend (client credentials): its
 * `subscribeOrderNotifications` opens `wss://api.monerium.dev/orders?access_token=…&profile=…&state=…`. Node 20 has
 * no WebSocket of its own, so, as an integrator would, the test gives it one (`ws`) that carries the SDK's
 * hard-coded sandbox address to this server, as its fetch is carried in orders-sdk.spec.ts.
 */
const SDK_SANDBOX_WSS = "wss://api.monerium.dev";

class CarriedWebSocket extends WebSocket {
  constructor(url: string) {
    super(
      url.startsWith(SDK_SANDBOX_WSS) ? server.baseUrl.replace(/^http/, "ws") + url.slice(SDK_SANDBOX_WSS.length) : url,
    );
  }
}

const holder = globalThis as { WebSocket?: unknown };
let restoreFetch = () => {};
const realWebSocket = holder.WebSocket;
let setup: APIRequestContext;
let customer: FundedCustomer;
let other: OtherApplication;

test.beforeAll(async () => {
  restoreFetch = carrySdkFetch();
  holder.WebSocket = CarriedWebSocket;
  setup = await playwrightRequest.newContext();
  const operator = await operatorSession();
  customer = await fundedCustomer(setup, operator, "0");
  other = await otherApplication(setup, operator, { name: "Order socket tenant" });
  await operator.dispose();
});
test.afterAll(async () => {
  restoreFetch();
  holder.WebSocket = realWebSocket;
  await setup.dispose();
});

type Subscription = { socket: WebSocket; messages: SdkOrder[]; errors: number };

/** The SDK signed in with client credentials, subscribed with `filter`; resolves once the socket is open. */
async function subscribed(
  credentials: { clientId: string; clientSecret: string },
  filter: { profile?: string; state?: OrderState },
): Promise<Subscription> {
  const client = new MoneriumClient({ environment: "sandbox", ...credentials });
  expect(await client.getAccess()).toBe(true);
  const subscription = { messages: [] as SdkOrder[], errors: 0 } as Subscription;
  const socket = client.subscribeOrderNotifications({
    filter,
    onMessage: (order) => subscription.messages.push(order),
    onError: () => subscription.errors++,
  }) as unknown as WebSocket | undefined;
  expect(socket).toBeDefined();
  subscription.socket = socket!;
  await new Promise<void>((resolve, reject) => {
    socket!.once("open", () => resolve());
    socket!.once("close", (code: number) => reject(new Error(`closed with ${code} before opening`)));
  });
  return subscription;
}

const demo = { clientId: server.demo.clientId, clientSecret: server.demo.clientSecret };
const closed = (s: Subscription) => new Promise<number>((resolve) => s.socket.once("close", (code) => resolve(code)));

test("C62: subscribeOrderNotifications: a payment's issue order arrives as an Order at each change, the last as GET /orders/{id} answers", async ({
  request,
}) => {
  const all = await subscribed(demo, { profile: customer.profile });
  const order = await payIn(request, customer, "12.34");
  await expect.poll(() => all.messages.map((m) => m.state)).toEqual(["pending", "processed"]);
  expect(all.messages.every((m) => m.id === order.id)).toBe(true);
  const read = await request.get(api(`/orders/${order.id}`), { headers: customer.partner });
  expect(read.status()).toBe(200);
  expect(all.messages[1]).toEqual((await read.json()) as Order);
  expect(all.messages[0]).toMatchObject({ id: order.id, kind: "issue", amount: "12.34", state: "pending" });
  all.socket.close();
});

test("C62: subscribeOrderNotifications with a state: only changes into that state arrive", async ({ request }) => {
  const processed = await subscribed(demo, { profile: customer.profile, state: OrderState.processed });
  const pending = await subscribed(demo, { profile: customer.profile, state: OrderState.pending });
  const order = await payIn(request, customer, "5.00");
  await expect.poll(() => processed.messages.map((m) => [m.id, m.state])).toEqual([[order.id, "processed"]]);
  await expect.poll(() => pending.messages.map((m) => [m.id, m.state])).toEqual([[order.id, "pending"]]);
  processed.socket.close();
  pending.socket.close();
});

test("C62: another application never hears the customer's orders, and cannot watch the customer's profile", async ({
  request,
}) => {
  const mine = await subscribed(demo, { profile: customer.profile });
  const otherCredentials = { clientId: other.clientId, clientSecret: other.clientSecret };
  // Its own orders (its default profile) are all it may watch…
  const theirs = await subscribed(otherCredentials, {});
  // …a profile that never granted it access is refused as GET /orders refuses it (404): the socket never opens.
  const client = new MoneriumClient({ environment: "sandbox", ...otherCredentials });
  expect(await client.getAccess()).toBe(true);
  const refused = client.subscribeOrderNotifications({
    filter: { profile: customer.profile },
    onError: () => undefined,
  }) as unknown as WebSocket;
  const refusedCode = await new Promise<number>((resolve) => refused.once("close", (code) => resolve(code)));
  expect(refusedCode).toBe(1006);

  const order = await payIn(request, customer, "7.00");
  await expect
    .poll(() => mine.messages.filter((m) => m.id === order.id).map((m) => m.state))
    .toEqual(["pending", "processed"]);
  // The customer's changes have been sent to every socket that may hear them; a moment more for any stray one.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(theirs.messages).toEqual([]);
  const ends = [closed(mine), closed(theirs)];
  mine.socket.close();
  theirs.socket.close();
  expect(await Promise.all(ends)).toEqual([1005, 1005]);
});
