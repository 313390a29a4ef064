import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, jsonOf } from "../fixtures/api.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { eurBalance, fundedCustomer, payIn, redeemBody, type Order } from "../fixtures/orders.ts";

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

async function ledger(): Promise<{ consistent: boolean }> {
  const res = await operator.get("/api/admin/ledger");
  expect(res.status()).toBe(200);
  return (await res.json()) as { consistent: boolean };
}

test.describe("money in, money out", () => {
  test("a payment into the IBAN mints; a redeem order holds, then burns and pays out; the ledger balances after every step", async ({
    request,
  }) => {
    const customer = await fundedCustomer(request, operator, "0");
    const issued = await payIn(request, customer, "250.75", { memo: "Top-up November" });
    expect(issued).toMatchObject({
      kind: "issue",
      profile: customer.profile,
      address: customer.account.address,
      chain: "sepolia",
      currency: "eur",
      amount: "250.75",
      memo: "Top-up November",
      state: "processed",
    });
    expect(issued.meta.txHashes).toHaveLength(1);
    expect(await eurBalance(request, customer)).toBe("250.75");
    expect((await ledger()).consistent).toBe(true);

    const placed = await request.post(api("/orders"), {
      headers: customer.partner,
      data: await redeemBody(customer.account, "100.5"),
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const order = (await jsonOf(placed)) as Order;
    expect(order).toMatchObject({ kind: "redeem", amount: "100.50", state: "placed", memo: "Invoice 2026-114" });
    expect(await eurBalance(request, customer)).toBe("150.25");
    expect((await ledger()).consistent).toBe(true);

    const processed = await request.post(api(`/sandbox/orders/${order.id}/process`), { headers: customer.partner });
    expect(processed.status(), await processed.text()).toBe(200);
    expect(await processed.json()).toMatchObject({ id: order.id, state: "processed" });
    const read = await request.get(api(`/orders/${order.id}`), { headers: customer.partner });
    expect(((await read.json()) as Order).meta.processedAt).toBeTruthy();
    expect(await eurBalance(request, customer)).toBe("150.25");
    expect((await ledger()).consistent).toBe(true);
  });
});
