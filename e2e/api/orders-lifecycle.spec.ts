import { expect, request as playwrightRequest, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { operatorSession } from "../fixtures/operator.ts";
import {
  cents,
  eurBalance,
  expectRefused,
  fundedCustomer,
  invalid,
  ledgerConsistent,
  orderEvents,
  payIn,
  placed,
  redeemBody,
  settle,
  type FundedCustomer,
  type Order,
} from "../fixtures/orders.ts";

/**
 * An order leaves `placed`/`pending` once, to `processed` or `rejected`, with one `order.updated` (C35). One funded
 * customer per worker; each test works on its own orders and compares balances before and after.
 */

let setup: APIRequestContext;
let operator: APIRequestContext;
let customer: FundedCustomer;
test.beforeAll(async () => {
  setup = await playwrightRequest.newContext();
  operator = await operatorSession();
  customer = await fundedCustomer(setup, operator, "1000");
});
test.afterAll(async () => {
  await operator.dispose();
  await setup.dispose();
});

const conflict = (message: string) => ({ code: 409, status: "Conflict", message });
const REASON = "Declined by compliance review";

/** The operator's own controls, beside the sandbox's ones the customer's application may use. */
const operatorSettle = (orderId: string, how: "process" | "reject") =>
  operator.post(`/api/admin/orders/${orderId}/${how}`, {
    headers: { origin: server.appUrl },
    ...(how === "reject" ? { data: { reason: REASON } } : {}),
  });

test.describe("C35: an order is settled once", () => {
  test("C35: processed once: processing again or rejecting then is 409; one order.created, one order.updated with processedAt", async ({
    request,
  }) => {
    const before = await eurBalance(request, customer);
    const order = await placed(request, customer.partner, await redeemBody(customer.account, "10"));
    const res = await settle(request, customer.partner, order.id);
    expect(res.status(), await res.text()).toBe(200);
    const processed = (await jsonOf(res)) as Order;
    expect(processed).toEqual({
      ...order,
      state: "processed",
      meta: {
        placedAt: order.meta.placedAt,
        processedAt: expect.any(String) as unknown,
        txHashes: [expect.stringMatching(/^0x[0-9a-f]{64}$/) as unknown],
        // Paid out by IBAN: the released payment file and the transfer's end-to-end id (the order's id, compact).
        paymentFile: expect.any(String) as unknown,
        endToEndId: order.id.replaceAll("-", ""),
      },
    });
    await expectRefused(
      await settle(request, customer.partner, order.id),
      409,
      conflict("The order is already processed"),
    );
    await expectRefused(
      await settle(request, customer.partner, order.id, "reject"),
      409,
      conflict("The order is already processed"),
    );
    await expectRefused(await operatorSettle(order.id, "process"), 409, conflict("The order is already processed"));
    expect(cents(await eurBalance(request, customer))).toBe(cents(before) - 1000n);

    const events = await orderEvents(operator, customer.profile, order.id);
    expect(events.created).toEqual([order]);
    expect(events.updated).toEqual([processed]);
    expect(await ledgerConsistent(operator)).toBe(true);
  });

  test("C35: rejected once: the hold goes back; processing or rejecting then is 409; one order.updated with rejectedReason", async ({
    request,
  }) => {
    const before = await eurBalance(request, customer);
    const order = await placed(request, customer.partner, await redeemBody(customer.account, "20"));
    expect(cents(await eurBalance(request, customer))).toBe(cents(before) - 2000n);
    await expectRefused(
      await request.post(api(`/sandbox/orders/${order.id}/reject`), { headers: customer.partner, data: {} }),
      400,
      invalid({ reason: "Reason missing" }),
    );
    const res = await settle(request, customer.partner, order.id, "reject");
    expect(res.status(), await res.text()).toBe(200);
    const rejected = (await jsonOf(res)) as Order;
    expect(rejected).toEqual({ ...order, state: "rejected", meta: { ...order.meta, rejectedReason: REASON } });
    expect(await eurBalance(request, customer)).toBe(before);

    await expectRefused(
      await settle(request, customer.partner, order.id),
      409,
      conflict("The order is already rejected"),
    );
    await expectRefused(
      await settle(request, customer.partner, order.id, "reject"),
      409,
      conflict("The order is already rejected"),
    );
    await expectRefused(await operatorSettle(order.id, "reject"), 409, conflict("The order is already rejected"));
    expect(await eurBalance(request, customer)).toBe(before);

    const events = await orderEvents(operator, customer.profile, order.id);
    expect(events.created).toEqual([order]);
    expect(events.updated).toEqual([rejected]);
    expect(await ledgerConsistent(operator)).toBe(true);
  });

  test("C35: an incoming payment's issue order is created and processed once, with one event each", async ({
    request,
  }) => {
    const issued = await payIn(request, customer, "5", { memo: "Top-up for C35" });
    expect(issued).toMatchObject({ kind: "issue", state: "processed", meta: { processedAt: expect.any(String) } });
    const events = await orderEvents(operator, customer.profile, issued.id);
    expect(events.created).toEqual([{ ...issued, state: "pending", meta: { placedAt: issued.meta.placedAt } }]);
    expect(events.updated).toEqual([issued]);
    await expectRefused(
      await settle(request, customer.partner, issued.id),
      409,
      conflict("The order is already processed"),
    );
  });

  test("C35: concurrent process calls (sandbox and operator) on one order: exactly one 200, one burn, one order.updated", async ({
    request,
  }) => {
    const before = await eurBalance(request, customer);
    const order = await placed(request, customer.partner, await redeemBody(customer.account, "7"));
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => settle(request, customer.partner, order.id)),
      ...Array.from({ length: 2 }, () => operatorSettle(order.id, "process")),
    ]);
    expect(results.map((r) => r.status()).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.status() === 409)) {
      expect(await res.json()).toEqual(
        conflict(expect.stringMatching(/^The order is (being processed|already processed)$/) as unknown as string),
      );
    }
    expect(cents(await eurBalance(request, customer))).toBe(cents(before) - 700n);
    const events = await orderEvents(operator, customer.profile, order.id);
    expect(events.updated).toHaveLength(1);
    expect(events.updated[0]).toMatchObject({ id: order.id, state: "processed" });
    expect(await ledgerConsistent(operator)).toBe(true);
  });

  test("C35: process and reject racing on one order: one wins, the balance matches the winner", async ({ request }) => {
    const before = await eurBalance(request, customer);
    const order = await placed(request, customer.partner, await redeemBody(customer.account, "9"));
    const results = await Promise.all([
      settle(request, customer.partner, order.id, "reject"),
      settle(request, customer.partner, order.id),
      operatorSettle(order.id, "reject"),
      operatorSettle(order.id, "process"),
    ]);
    expect(results.filter((r) => r.status() === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status() === 409)).toHaveLength(3);
    const winner = (await results.find((r) => r.status() === 200)!.json()) as Order;
    const read = await request.get(api(`/orders/${order.id}`), { headers: customer.partner });
    expect(await read.json()).toEqual(winner);
    const expected = winner.state === "rejected" ? cents(before) : cents(before) - 900n;
    expect(cents(await eurBalance(request, customer))).toBe(expected);
    expect((await orderEvents(operator, customer.profile, order.id)).updated).toEqual([winner]);
    expect(await ledgerConsistent(operator)).toBe(true);
  });
});
