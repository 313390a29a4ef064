import { Currency, MoneriumClient, placeOrderMessage, type Counterpart, type Order } from "@monerium/sdk";
import { expect, request as playwrightRequest, test } from "../fixtures/contract-test.ts";
import { server } from "../fixtures/api.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { fundedCustomer, PAYEE, settle } from "../fixtures/orders.ts";
import { carrySdkFetch } from "../fixtures/sdk-fetch.ts";

/**
 * The image's smoke (C72, .ci/image-test): two containers of the image on one PostgreSQL behind HAProxy
 * (deploy/haproxy.cfg), and the published SDK against the balancer, whose address is `server` here
 * (TOKENRAIL_TEST_PORT). One customer signs up and is approved, a bank payment mints their euros, and they redeem
 * part of them through the SDK; each request may land on either instance.
 */
test("the image behind the balancer: SDK sign-in, a payment minted and a redeem order processed", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const restoreFetch = carrySdkFetch();
  const operator = await operatorSession();
  try {
    const ready = await fetch(`${server.appUrl}/readyz`);
    expect(ready.status).toBe(200);

    // Sign-in: the application's client credentials for a token, and who it is.
    const client = new MoneriumClient({
      environment: "sandbox",
      clientId: server.demo.clientId,
      clientSecret: server.demo.clientSecret,
    });
    expect(await client.getAccess()).toBe(true);
    expect(client.bearerProfile).toMatchObject({ token_type: "Bearer" });
    expect((await client.getAuthContext()).email).toBe("developer@tokenrail.local");
    expect((await client.getTokens()).map((t) => t.chain)).toContain("sepolia");

    // A payment: the sandbox bank credits the customer's IBAN and the euros are minted to their address.
    const customer = await fundedCustomer(request, operator, "100");
    const minted = await client.getBalances(customer.account.address, "sepolia", ["eur"] as never);
    expect(minted.balances).toEqual([{ currency: "eur", amount: "100.00" }]);

    // A redeem: placed through the SDK, processed (burned and paid out), the balance lower by its amount.
    const message = placeOrderMessage("10.5", Currency.eur, PAYEE.identifier.iban);
    const order = (await client.placeOrder({
      amount: "10.5",
      currency: Currency.eur,
      address: customer.account.address,
      chain: "sepolia",
      counterpart: PAYEE as Counterpart,
      message,
      signature: await customer.account.signMessage({ message }),
      memo: "Image smoke",
    })) as Order;
    expect(order).toMatchObject({ kind: "redeem", amount: "10.50", state: "placed" });
    expect((await settle(request, customer.partner, order.id)).status()).toBe(200);
    expect(await client.getOrder(order.id)).toMatchObject({
      state: "processed",
      meta: { txHashes: [expect.any(String)] },
    });
    const left = await client.getBalances(customer.account.address, "sepolia", ["eur"] as never);
    expect(left.balances).toEqual([{ currency: "eur", amount: "89.50" }]);
  } finally {
    restoreFetch();
    await operator.dispose();
  }
});

test("both instances answer through the balancer's health check", async () => {
  const ctx = await playwrightRequest.newContext();
  try {
    // The two containers' own addresses, from .ci/image-test.
    const instances = (process.env.TOKENRAIL_IMAGE_INSTANCES ?? "").split(",").filter(Boolean);
    expect(instances).toHaveLength(2);
    for (const url of instances) {
      expect((await ctx.get(`${url}/readyz`)).status(), url).toBe(200);
    }
  } finally {
    await ctx.dispose();
  }
});
