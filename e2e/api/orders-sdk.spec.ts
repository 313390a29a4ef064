import { expect, request as playwrightRequest, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import {
  Currency,
  MoneriumClient,
  OrderState,
  PaymentStandard,
  placeOrderMessage,
  type Counterpart,
  type Order,
} from "@monerium/sdk";
import { api, server } from "../fixtures/api.ts";
import { LINK_MESSAGE } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { cents, eurBalance, fundedCustomer, PAYEE, settle, type FundedCustomer } from "../fixtures/orders.ts";
import { carrySdkFetch } from "../fixtures/sdk-fetch.ts";

/**
 * The published SDK 3.5.0, unmodified, placing and reading orders: its hard-coded sandbox base URL is pointed at
 * this server by rewriting the URLs it fetches (as in sdk.spec.ts). The legacy client in Node uses client
 * credentials, i.e. the demo application acting on the customer it signed up.
 */

let setup: APIRequestContext;
let customer: FundedCustomer;
let restoreFetch = () => {};
test.beforeAll(async () => {
  restoreFetch = carrySdkFetch();
  setup = await playwrightRequest.newContext();
  const operator = await operatorSession();
  customer = await fundedCustomer(setup, operator, "100");
  await operator.dispose();
  const onAmoy = await setup.post(api("/addresses"), {
    headers: customer.partner,
    data: {
      profile: customer.profile,
      address: customer.account.address,
      chain: "amoy",
      signature: await customer.account.signMessage({ message: LINK_MESSAGE }),
    },
  });
  expect(onAmoy.status()).toBe(201);
});
test.afterAll(async () => {
  restoreFetch();
  await setup.dispose();
});

async function sdkClient(): Promise<MoneriumClient> {
  const client = new MoneriumClient({
    environment: "sandbox",
    clientId: server.demo.clientId,
    clientSecret: server.demo.clientSecret,
  });
  expect(await client.getAccess()).toBe(true);
  return client;
}

/** `placeOrderMessage` as it runs on a machine in Berlin: the timestamp carries +01:00 or +02:00. */
function messageInBerlin(...args: Parameters<typeof placeOrderMessage>): string {
  const zone = process.env.TZ;
  process.env.TZ = "Europe/Berlin";
  try {
    return placeOrderMessage(...args);
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
}

test.describe("@monerium/sdk 3.5.0: orders", () => {
  test("placeOrder with placeOrderMessage: a SEPA order signed over the short IBAN and a local-offset timestamp", async ({
    request,
  }) => {
    const client = await sdkClient();
    const message = messageInBerlin("10.5", Currency.eur, PAYEE.identifier.iban);
    expect(message).toMatch(/^Send EUR 10\.5 to GR16\.\.\.0695 at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[12]:00$/);
    const order = (await client.placeOrder({
      amount: "10.5",
      currency: Currency.eur,
      address: customer.account.address,
      chain: "sepolia",
      counterpart: PAYEE as Counterpart,
      message,
      signature: await customer.account.signMessage({ message }),
      memo: "Paid through the SDK",
    })) as Order;
    expect(order).toMatchObject({
      kind: "redeem",
      profile: customer.profile,
      address: customer.account.address,
      chain: "sepolia",
      currency: "eur",
      amount: "10.50",
      counterpart: PAYEE,
      memo: "Paid through the SDK",
      state: "placed",
    });

    expect(await client.getOrder(order.id)).toEqual(order);
    const byMemo = await client.getOrders({ profile: customer.profile, memo: "Paid through the SDK" });
    expect(byMemo).toEqual({ orders: [order] });
    const placedOnes = await client.getOrders({
      profile: customer.profile,
      state: OrderState.placed,
      address: customer.account.address,
      accountId: "ignored",
    });
    expect(placedOnes.orders.map((o) => o.id)).toContain(order.id);

    expect((await settle(request, customer.partner, order.id)).status()).toBe(200);
    const processed = await client.getOrder(order.id);
    expect(processed).toMatchObject({ state: "processed", meta: { txHashes: [expect.any(String)] } });
    const byTxHash = await client.getOrders({ profile: customer.profile, txHash: processed.meta.txHashes![0] });
    expect(byTxHash.orders.map((o) => o.id)).toEqual([order.id]);
    expect(
      await client.getOrders({ profile: customer.profile, state: OrderState.processed, memo: "No such memo" }),
    ).toEqual({ orders: [] });
  });

  test("placeOrder cross-chain: the message from placeOrderMessage with the chain argument, production chain names mapped by the SDK", async ({
    request,
  }) => {
    const client = await sdkClient();
    const to = customer.account.address;
    // The chain argument as a chain id; the SDK writes the sandbox name into the message.
    const message = placeOrderMessage("5", Currency.eur, to, 80002);
    expect(message).toMatch(new RegExp(`^Send EUR 5 to ${to} on amoy at `));
    const amoy = await eurBalance(request, customer, "amoy");
    const order = (await client.placeOrder({
      amount: "5",
      currency: Currency.eur,
      address: customer.account.address,
      // The legacy client turns these production names into sepolia and amoy on the wire.
      chain: "ethereum",
      counterpart: {
        identifier: { standard: PaymentStandard.chain, address: to, chain: "polygon" },
        details: {},
      },
      message,
      signature: await customer.account.signMessage({ message }),
    })) as Order;
    expect(order).toMatchObject({
      chain: "sepolia",
      amount: "5.00",
      counterpart: { identifier: { standard: "chain", address: to, chain: "amoy" } },
      memo: "Powered by Tokenrail",
      state: "placed",
    });
    expect((await settle(request, customer.partner, order.id)).status()).toBe(200);
    expect(await client.getOrder(order.id)).toMatchObject({ state: "processed" });
    expect(cents(await eurBalance(request, customer, "amoy"))).toBe(cents(amoy) + 500n);
  });

  test("an SDK order the server refuses surfaces the spec's error body as the SDK's rejection", async () => {
    const client = await sdkClient();
    const message = placeOrderMessage("10", Currency.eur, PAYEE.identifier.iban);
    await expect(
      client.placeOrder({
        amount: "10",
        currency: Currency.eur,
        address: customer.account.address,
        chain: "sepolia",
        counterpart: PAYEE as Counterpart,
        message,
        signature: `0x${"12".repeat(65)}`,
      }),
    ).rejects.toEqual({
      code: 400,
      status: "Bad Request",
      message: "Validation errors",
      errors: { signature: "invalid signature" },
    });
  });
});
