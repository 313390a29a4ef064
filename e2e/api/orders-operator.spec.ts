import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, server } from "../fixtures/api.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { fundedCustomer, placed, redeemBody, type Order } from "../fixtures/orders.ts";

type QueueItem = Order & {
  awaitingSignature: boolean;
  awaitingRelease: boolean;
  stuck: boolean;
  chainError: string | null;
};

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

async function queue(query = ""): Promise<QueueItem[]> {
  const res = await operator.get(`/api/admin/orders${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { orders: QueueItem[] }).orders;
}

test("the operator's queue lists open orders until they are settled; settled ones are found by state", async ({
  request,
}) => {
  const customer = await fundedCustomer(request, operator, "100");
  const order = await placed(request, customer.partner, await redeemBody(customer.account, "12.5"));
  const open = (await queue()).find((o) => o.id === order.id);
  expect(open).toEqual({
    ...order,
    awaitingSignature: false,
    awaitingRelease: false,
    stuck: false,
    chainError: null,
    mintHeld: false,
  });

  const rejected = await operator.post(`/api/admin/orders/${order.id}/reject`, {
    headers: { origin: server.appUrl },
    data: { reason: "Payee name does not match the account" },
  });
  expect(rejected.status()).toBe(200);
  expect((await queue()).some((o) => o.id === order.id)).toBe(false);
  const settled = (await queue("?state=rejected")).find((o) => o.id === order.id);
  expect(settled?.meta.rejectedReason).toBe("Payee name does not match the account");

  const badState = await operator.get("/api/admin/orders?state=lost");
  expect(badState.status()).toBe(400);
  const noReason = await operator.post(`/api/admin/orders/${order.id}/reject`, {
    headers: { origin: server.appUrl },
    data: {},
  });
  expect(noReason.status()).toBe(400);
  expect(((await noReason.json()) as { errors: unknown }).errors).toEqual({ reason: "Reason missing" });
});

test("the operator's order and ledger controls are for the operator's session only, and from our own pages", async ({
  request,
}) => {
  const customer = await fundedCustomer(request, operator, "20");
  const order = await placed(request, customer.partner, await redeemBody(customer.account, "5"));
  // An application's bearer token is no operator session.
  for (const path of ["/api/admin/orders", "/api/admin/ledger"]) {
    expect((await request.get(`${server.appUrl}${path}`, { headers: customer.partner })).status()).toBe(404);
  }
  const asApplication = await request.post(`${server.appUrl}/api/admin/orders/${order.id}/process`, {
    headers: customer.partner,
  });
  expect(asApplication.status()).toBe(404);
  // The operator's cookie from another site's page is refused.
  const foreign = await operator.post(`/api/admin/orders/${order.id}/process`, {
    headers: { origin: "https://evil.example" },
  });
  expect(foreign.status()).toBe(403);
  const read = await request.get(api(`/orders/${order.id}`), { headers: customer.partner });
  expect(((await read.json()) as Order).state).toBe("placed");
});
