import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api } from "../fixtures/api.ts";
import { customerHeaders } from "../fixtures/customer.ts";
import { uploadDocument } from "../fixtures/kyc.ts";
import { operatorSession } from "../fixtures/operator.ts";
import {
  cents,
  eurBalance,
  expectRefused,
  fundedCustomer,
  invalid,
  ledgerConsistent,
  placed,
  placeOrder,
  redeemBody,
  type Order,
} from "../fixtures/orders.ts";

/** Money rules of redeem orders: the supporting document (C31), retries (C32) and concurrent spending (C33). */

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

const conflict = (message: string) => ({ code: 409, status: "Conflict", message });

test.describe("C31: supporting documents from 15,000.00 EUR", () => {
  test("C31: 14,999.99 needs none; 15,000.00 needs a file the caller uploaded, and shows it in meta", async ({
    request,
  }) => {
    const customer = await fundedCustomer(request, operator, "45000");
    const below = await placed(request, customer.partner, await redeemBody(customer.account, "14999.99"));
    expect(below.meta.supportingDocumentId).toBeUndefined();

    await expectRefused(
      await placeOrder(request, customer.partner, await redeemBody(customer.account, "15000.00")),
      400,
      invalid({
        supportingDocumentId: "is required from 15,000.00 EUR: upload the invoice or agreement with POST /files",
      }),
    );

    // A file of another caller (the customer's own token) or no file at all cannot stand in.
    const othersFile = await uploadDocument(request, await customerHeaders(request, customer.account));
    for (const supportingDocumentId of [othersFile, crypto.randomUUID()]) {
      await expectRefused(
        await placeOrder(
          request,
          customer.partner,
          await redeemBody(customer.account, "15000.00", { extra: { supportingDocumentId } }),
        ),
        400,
        invalid({ supportingDocumentId: "is not a file you uploaded" }),
      );
    }
    await expectRefused(
      await placeOrder(
        request,
        customer.partner,
        await redeemBody(customer.account, "15000", { extra: { supportingDocumentId: "invoice.pdf" } }),
      ),
      400,
      invalid({ supportingDocumentId: "must be a UUID" }),
    );

    const fileId = await uploadDocument(request, customer.partner);
    const at = await placed(
      request,
      customer.partner,
      await redeemBody(customer.account, "15000", { extra: { supportingDocumentId: fileId } }),
    );
    expect(at).toMatchObject({ amount: "15000.00", meta: { supportingDocumentId: fileId } });
    expect(await eurBalance(request, customer)).toBe("15000.01");
  });
});

test.describe("C32: retries with the same order id or Idempotency-Key", () => {
  test("C32: the same id and body gets the same order and moves the balance once; another body is 409", async ({
    request,
  }) => {
    const customer = await fundedCustomer(request, operator, "100");
    const body = await redeemBody(customer.account, "25", { extra: { id: crypto.randomUUID() } });
    const first = await placed(request, customer.partner, body);
    expect(first.id).toBe(body.id);
    const again = await placed(request, customer.partner, body);
    expect(again).toEqual(first);
    expect(await eurBalance(request, customer)).toBe("75.00");

    const other = await redeemBody(customer.account, "26", { extra: { id: body.id } });
    await expectRefused(
      await placeOrder(request, customer.partner, other),
      409,
      conflict("An order with this id exists with a different request"),
    );
    await expectRefused(
      await placeOrder(request, customer.partner, { ...body, memo: "Another memo" }),
      409,
      conflict("An order with this id exists with a different request"),
    );

    // Ten minutes on, the signed message has expired, yet the retry still finds its order.
    const later = await request.post(api("/orders"), {
      headers: { ...customer.partner, "tokenrail-test-clock-offset": "600" },
      data: body,
    });
    expect(later.status(), await later.text()).toBe(200);
    expect(await later.json()).toEqual(first);
    const expired = await request.post(api("/orders"), {
      headers: { ...customer.partner, "tokenrail-test-clock-offset": "600" },
      data: { ...body, id: crypto.randomUUID() },
    });
    await expectRefused(expired, 400, invalid({ message: "timestamp is expired" }));
    expect(await eurBalance(request, customer)).toBe("75.00");
    expect(await ledgerConsistent(operator)).toBe(true);
  });

  test("C32: an Idempotency-Key works the same way, also when its retries race", async ({ request }) => {
    const customer = await fundedCustomer(request, operator, "100");
    const key = { ...customer.partner, "idempotency-key": `pay-${crypto.randomUUID()}` };
    const body = await redeemBody(customer.account, "10");
    const first = await placed(request, key, body);
    expect(await placed(request, key, body)).toEqual(first);
    await expectRefused(
      await placeOrder(request, key, await redeemBody(customer.account, "11")),
      409,
      conflict("This Idempotency-Key was used with a different request"),
    );
    const later = await request.post(api("/orders"), {
      headers: { ...key, "tokenrail-test-clock-offset": "600" },
      data: body,
    });
    expect(await later.json()).toEqual(first);

    // Five copies of one request with a fresh id at once: one order, one hold.
    const racing = await redeemBody(customer.account, "20", { extra: { id: crypto.randomUUID() } });
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(request, customer.partner, racing)));
    for (const res of results) expect(res.status(), await res.text()).toBe(200);
    const ids = new Set(await Promise.all(results.map(async (r) => ((await r.json()) as Order).id)));
    expect([...ids]).toEqual([racing.id]);
    expect(await eurBalance(request, customer)).toBe("70.00");
    expect(await ledgerConsistent(operator)).toBe(true);
  });
});

test("C42, issue 18: an Idempotency-Key longer than 100 characters is 400 naming it and places nothing; 100 characters place the order", async ({
  request,
}) => {
  const customer = await fundedCustomer(request, operator, "100");
  // Random, so that no storage can shrink it: 8,000 characters once reached the database and failed there.
  const random = (length: number) =>
    Array.from({ length: Math.ceil(length / 32) }, () => crypto.randomUUID().replaceAll("-", ""))
      .join("")
      .slice(0, length);
  const body = await redeemBody(customer.account, "10");
  for (const length of [101, 8_000]) {
    await expectRefused(
      await placeOrder(request, { ...customer.partner, "idempotency-key": random(length) }, body),
      400,
      invalid({ "idempotency-key": "must be at most 100 characters" }),
    );
  }
  expect(await eurBalance(request, customer)).toBe("100.00");

  const key = { ...customer.partner, "idempotency-key": random(100) };
  const first = await placed(request, key, body);
  expect(await placed(request, key, body)).toEqual(first);
  expect(await eurBalance(request, customer)).toBe("90.00");
});

test.describe("C33: concurrent redeems", () => {
  test("C33: of eight concurrent redeems whose sum exceeds the balance only those that fit succeed; the balance never goes negative", async ({
    request,
  }) => {
    const customer = await fundedCustomer(request, operator, "100");
    // Eight orders of 30.00, each its own signed message: three fit into 100.00.
    const bodies = await Promise.all(Array.from({ length: 8 }, () => redeemBody(customer.account, "30")));
    const results = await Promise.all(bodies.map((body) => placeOrder(request, customer.partner, body)));
    const statuses = results.map((r) => r.status());
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    // A refused hold saw the three others: nothing else can have been free.
    for (const res of results.filter((r) => r.status() === 400)) {
      expect(await res.json()).toEqual(invalid({ amount: "exceeds the available balance of 10.00 EUR" }));
    }
    const balance = await eurBalance(request, customer);
    expect(balance).toBe("10.00");
    expect(cents(balance)).toBeGreaterThanOrEqual(0n);
    const list = await request.get(api(`/orders?profile=${customer.profile}&kind=redeem`), {
      headers: customer.partner,
    });
    expect(((await list.json()) as { orders: Order[] }).orders).toHaveLength(3);
    expect(await ledgerConsistent(operator)).toBe(true);
  });
});
