import { expect, test } from "@playwright/test";
import type { MoneriumClient as SdkClient, OrderState } from "@monerium/sdk";
import { api, server } from "../fixtures/api.ts";
import { siweTokens } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { fundedCustomer, payIn, type Order } from "../fixtures/orders.ts";
import { carryOrderSockets, INTEGRATOR, serveIntegrator } from "../fixtures/sdk-page.ts";

type Heard = { all: Order[]; processed: Order[]; closes: number[] };

test("C62: @monerium/sdk 3.5.0 in the browser: subscribeOrderNotifications hears each change of a payment's order as GET /orders/{id} shows it, and a state filter only its state", async ({
  page,
  request,
}) => {
  const operator = await operatorSession();
  const customer = await fundedCustomer(request, operator, "0");
  await operator.dispose();
  // The person's own tokens for the demo application; the SDK in the page signs in with the refresh token.
  const { refresh_token } = await siweTokens(request, customer.account);
  await serveIntegrator(page, server.demo.codeClientId);
  const carried = await carryOrderSockets(page);
  await page.goto(`${INTEGRATOR}/`);
  await page.evaluate(
    async ({ clientId, redirectUri, refreshToken, profile }) => {
      const heard: Heard = { all: [], processed: [], closes: [] };
      (window as unknown as { heard: Heard }).heard = heard;
      const { MoneriumClient } = (window as unknown as { Monerium: { MoneriumClient: typeof SdkClient } }).Monerium;
      const client = new MoneriumClient({ environment: "sandbox", clientId, redirectUri });
      if (!(await client.getAccess(refreshToken))) throw new Error("not authorized");
      const all = client.subscribeOrderNotifications({
        filter: { profile },
        onMessage: (o) => heard.all.push(o as unknown as Order),
      });
      const processed = client.subscribeOrderNotifications({
        filter: { profile, state: "processed" as OrderState },
        onMessage: (o) => heard.processed.push(o as unknown as Order),
      });
      for (const socket of [all, processed]) socket?.addEventListener("close", (e) => heard.closes.push(e.code));
    },
    {
      clientId: server.demo.codeClientId,
      redirectUri: `${INTEGRATOR}/callback`,
      refreshToken: refresh_token,
      profile: customer.profile,
    },
  );
  await expect.poll(() => carried.length).toBe(2);
  await Promise.all(carried.map((socket) => socket.opened));
  expect(carried.map((socket) => new URL(socket.url).pathname)).toEqual(["/orders", "/orders"]);

  const order = await payIn(request, customer, "3.21");
  const heard = () => page.evaluate(() => (window as unknown as { heard: Heard }).heard);
  await expect
    .poll(async () => (await heard()).all.map((o) => [o.id, o.state]))
    .toEqual([
      [order.id, "pending"],
      [order.id, "processed"],
    ]);
  await expect
    .poll(async () => (await heard()).processed.map((o) => [o.id, o.state]))
    .toEqual([[order.id, "processed"]]);
  const read = await request.get(api(`/orders/${order.id}`), { headers: customer.partner });
  expect(read.status()).toBe(200);
  const final = (await read.json()) as Order;
  expect((await heard()).all[1]).toEqual(final);
  expect((await heard()).processed[0]).toEqual(final);
  expect((await heard()).closes).toEqual([]);
});
