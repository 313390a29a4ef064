import { expect, request as playwrightRequest, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, jsonOf } from "../fixtures/api.ts";
import { linkAnotherAddress } from "../fixtures/approved-customer.ts";
import { customerHeaders, LINK_MESSAGE } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import {
  balanceOf,
  cents,
  eurBalance,
  expectRefused,
  fundedCustomer,
  invalid,
  ledgerConsistent,
  orderEvents,
  PAYEE,
  payIn,
  placed,
  placeOrder,
  settle,
  uniqueNow,
  type FundedCustomer,
  type Order,
} from "../fixtures/orders.ts";

/**
 * Where tokens go: a cross-chain redeem burns on its chain and mints on the target chain through a dependent issue
 * order (CONTRACT §4.17); an incoming payment mints to the IBAN's address, or where its memo `<chain>:<address>`
 * routes it (CONTRACT §5.2). One funded customer per worker, whose address is also linked on amoy.
 */

let setup: APIRequestContext;
let operator: APIRequestContext;
let customer: FundedCustomer;
test.beforeAll(async () => {
  setup = await playwrightRequest.newContext();
  operator = await operatorSession();
  customer = await fundedCustomer(setup, operator, "1000");
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
  await operator.dispose();
  await setup.dispose();
});

/** A cross-chain redeem of the customer's own tokens to `to` on `target`, the message naming `messageChain`. */
async function crossChain(amount: string, target: string, options: { chain?: string; messageChain?: string } = {}) {
  const to = customer.account.address;
  const message = `Send EUR ${amount} to ${to} on ${options.messageChain ?? target} at ${uniqueNow().toISOString()}`;
  return {
    kind: "redeem",
    address: customer.account.address,
    chain: options.chain ?? "sepolia",
    currency: "eur",
    amount,
    counterpart: { identifier: { standard: "chain", address: to, chain: target } },
    message,
    signature: await customer.account.signMessage({ message }),
  };
}

async function issueOrdersOn(request: APIRequestContext, chain: string): Promise<Order[]> {
  const res = await request.get(api(`/orders?profile=${customer.profile}&kind=issue&chain=${chain}`), {
    headers: customer.partner,
  });
  expect(res.status()).toBe(200);
  return ((await jsonOf(res)) as { orders: Order[] }).orders;
}

test.describe("cross-chain orders", () => {
  test("a redeem to the customer's address on amoy burns on sepolia and mints on amoy through a processed issue order", async ({
    request,
  }) => {
    const sepolia = await eurBalance(request, customer);
    const amoy = await eurBalance(request, customer, "amoy");
    const earlier = new Set((await issueOrdersOn(request, "amoy")).map((o) => o.id));
    const order = await placed(request, customer.partner, await crossChain("5", "amoy"));
    expect(order).toMatchObject({
      kind: "redeem",
      chain: "sepolia",
      amount: "5.00",
      counterpart: { identifier: { standard: "chain", address: customer.account.address, chain: "amoy" }, details: {} },
      state: "placed",
    });
    const res = await settle(request, customer.partner, order.id);
    expect(res.status(), await res.text()).toBe(200);
    expect(await res.json()).toMatchObject({ id: order.id, state: "processed" });

    const [issue, ...others] = (await issueOrdersOn(request, "amoy")).filter((o) => !earlier.has(o.id));
    expect(others).toEqual([]);
    expect(issue).toEqual({
      id: expect.any(String) as unknown,
      kind: "issue",
      profile: customer.profile,
      address: customer.account.address,
      chain: "amoy",
      currency: "eur",
      amount: "5.00",
      counterpart: {
        identifier: { standard: "chain", address: customer.account.address, chain: "sepolia" },
        details: {},
      },
      memo: order.memo,
      state: "processed",
      meta: {
        placedAt: expect.any(String) as unknown,
        processedAt: expect.any(String) as unknown,
        txHashes: [expect.stringMatching(/^0x[0-9a-f]{64}$/) as unknown],
      },
    });
    expect(cents(await eurBalance(request, customer))).toBe(cents(sepolia) - 500n);
    expect(cents(await eurBalance(request, customer, "amoy"))).toBe(cents(amoy) + 500n);
    const events = await orderEvents(operator, customer.profile, issue!.id);
    expect([events.created.length, events.updated.length]).toEqual([1, 1]);
    expect(await ledgerConsistent(operator)).toBe(true);
  });

  test("the sandbox takes production names: from ethereum to polygon means from sepolia to amoy", async ({
    request,
  }) => {
    const amoy = await eurBalance(request, customer, "amoy");
    const order = await placed(request, customer.partner, await crossChain("7", "polygon", { chain: "ethereum" }));
    expect(order).toMatchObject({ chain: "sepolia", counterpart: { identifier: { chain: "amoy" } } });
    // The message may name the target either way.
    const aliased = await placed(request, customer.partner, await crossChain("1", "amoy", { messageChain: "polygon" }));
    for (const { id } of [order, aliased]) expect((await settle(request, customer.partner, id)).status()).toBe(200);
    expect(cents(await eurBalance(request, customer, "amoy"))).toBe(cents(amoy) + 800n);
  });

  test("a target on the order's own chain, or a message that does not name the counterpart's chain, is refused", async ({
    request,
  }) => {
    for (const target of ["sepolia", "ethereum"]) {
      await expectRefused(
        await placeOrder(request, customer.partner, await crossChain("5", target)),
        400,
        invalid({
          "counterpart.identifier.chain": "must differ from the order's chain: send tokens on one chain directly",
        }),
      );
    }
    await expectRefused(
      await placeOrder(request, customer.partner, await crossChain("5", "dogechain")),
      400,
      invalid({ "counterpart.identifier.chain": "dogechain is not an EVM chain of this environment" }),
    );
    await expectRefused(
      await placeOrder(request, customer.partner, await crossChain("5", "amoy", { messageChain: "chiado" })),
      400,
      invalid({ message: "the chain in the message (chiado) differs from the counterpart's chain (amoy)" }),
    );
    const toIban = `Send EUR 5 to ${PAYEE.identifier.iban} on amoy at ${uniqueNow().toISOString()}`;
    const body = await crossChain("5", "amoy");
    await expectRefused(
      await placeOrder(request, customer.partner, {
        ...body,
        counterpart: PAYEE,
        message: toIban,
        signature: await customer.account.signMessage({ message: toIban }),
      }),
      400,
      invalid({
        message:
          "the message sends to a chain (amoy) but the counterpart is an IBAN; it must read 'Send <CURRENCY> <AMOUNT> to <IBAN> at <TIMESTAMP>'",
      }),
    );
  });
});

test.describe("incoming payments", () => {
  test("a memo `<chain>:<address>` naming another linked address of the profile mints there; other memos mint to the IBAN's address", async ({
    request,
  }) => {
    const other = await linkAnotherAddress(request, customer, "amoy");
    const sepolia = await eurBalance(request, customer);
    const routed = await payIn(request, customer, "12.34", { memo: `amoy:${other.address}` });
    expect(routed).toMatchObject({
      kind: "issue",
      address: other.address,
      chain: "amoy",
      amount: "12.34",
      memo: `amoy:${other.address}`,
      state: "processed",
    });
    const aliased = await payIn(request, customer, "1", { memo: `polygon:${other.address.toLowerCase()}` });
    expect(aliased).toMatchObject({ address: other.address, chain: "amoy" });
    expect(await balanceOf(request, customer.partner, other.address, "amoy")).toBe("13.34");

    // Not linked on that chain, another profile's address, or no address at all: the IBAN's own address.
    const stranger = await fundedCustomer(request, operator, "0");
    for (const memo of [`chiado:${other.address}`, `sepolia:${stranger.account.address}`, "amoy:0x1234", "amoy"]) {
      const paid = await payIn(request, customer, "1", { memo });
      expect(paid, memo).toMatchObject({ address: customer.account.address, chain: "sepolia", state: "processed" });
    }
    expect(cents(await eurBalance(request, customer))).toBe(cents(sepolia) + 400n);
    expect(await eurBalance(request, stranger)).toBe("0.00");
  });

  test("the same bank reference reported twice, in turn or at once, is one order, minted once (201, then 200)", async ({
    request,
  }) => {
    const before = await eurBalance(request, customer);
    const data = { iban: customer.iban, amount: "30", reference: `SBX-${crypto.randomUUID()}` };
    const first = await request.post(api("/sandbox/payments"), { headers: customer.partner, data });
    expect(first.status()).toBe(201);
    const again = await request.post(api("/sandbox/payments"), { headers: customer.partner, data });
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(cents(await eurBalance(request, customer))).toBe(cents(before) + 3000n);

    // Reported several times at once: still one order.
    const racing = { ...data, reference: `SBX-${crypto.randomUUID()}` };
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        request.post(api("/sandbox/payments"), { headers: customer.partner, data: racing }),
      ),
    );
    expect(results.map((r) => r.status()).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(await Promise.all(results.map(async (r) => ((await r.json()) as Order).id)));
    expect(ids.size).toBe(1);
    expect(cents(await eurBalance(request, customer))).toBe(cents(before) + 6000n);
    expect(await ledgerConsistent(operator)).toBe(true);
  });

  test("C25: a bank reference already reported for another payment is a conflict that never shows that payment's order", async ({
    request,
  }) => {
    const before = await eurBalance(request, customer);
    const reference = `INV-${crypto.randomUUID()}`;
    const first = await request.post(api("/sandbox/payments"), {
      headers: customer.partner,
      data: { iban: customer.iban, amount: "10", reference, memo: "Salary November" },
    });
    expect(first.status()).toBe(201);
    const reused = { code: 409, status: "Conflict", message: "This bank reference was reported for another payment" };
    await expectRefused(
      await request.post(api("/sandbox/payments"), {
        headers: customer.partner,
        data: { iban: customer.iban, amount: "11", reference },
      }),
      409,
      reused,
    );
    // Another customer's own token, into their own IBAN, with the same reference.
    const other = await fundedCustomer(request, operator, "0");
    await expectRefused(
      await request.post(api("/sandbox/payments"), {
        headers: await customerHeaders(request, other.account),
        data: { iban: other.iban, amount: "10", reference },
      }),
      409,
      reused,
    );
    expect(await eurBalance(request, other)).toBe("0.00");
    expect(cents(await eurBalance(request, customer))).toBe(cents(before) + 1000n);
  });

  test("C25: a payment into an unknown IBAN, or into an IBAN the caller may not act on, is 404", async ({
    request,
  }) => {
    const notFound = { code: 404, status: "Not Found", message: "IBAN not found" };
    await expectRefused(
      await request.post(api("/sandbox/payments"), {
        headers: customer.partner,
        data: { iban: "DE89370400440532013000", amount: "10" },
      }),
      404,
      notFound,
    );
    // Another customer's own token reaches their IBAN only.
    const other = await fundedCustomer(request, operator, "0");
    const theirs = await customerHeaders(request, other.account);
    const before = await eurBalance(request, customer);
    await expectRefused(
      await request.post(api("/sandbox/payments"), { headers: theirs, data: { iban: customer.iban, amount: "10" } }),
      404,
      notFound,
    );
    const own = await request.post(api("/sandbox/payments"), {
      headers: theirs,
      data: { iban: other.iban, amount: "10" },
    });
    expect(own.status()).toBe(201);
    expect(await eurBalance(request, customer)).toBe(before);
  });
});
