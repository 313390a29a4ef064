import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type APIResponse,
} from "../fixtures/contract-test.ts";
import type { PrivateKeyAccount } from "viem/accounts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { linkAnotherAddress } from "../fixtures/approved-customer.ts";
import { customerHeaders, linkedCustomer, type Customer } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import {
  eurBalance,
  expectRefused,
  fundedCustomer,
  invalid,
  payIn,
  placed,
  placeOrder,
  redeemBody,
  settle,
  type FundedCustomer,
  type Order,
} from "../fixtures/orders.ts";

/** Reading orders: only one's own (C25), never changed by privileged body fields (C26), filtered and paged. */

let setup: APIRequestContext;
let operator: APIRequestContext;
test.beforeAll(async () => {
  setup = await playwrightRequest.newContext();
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
  await setup.dispose();
});

const notFound = (message: string) => ({ code: 404, status: "Not Found", message });

async function orders(request: APIRequestContext, headers: Record<string, string>, query = "") {
  const res = await request.get(api(`/orders${query}`), { headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await jsonOf(res)) as { orders: Order[] }).orders;
}

test.describe("C25/C26: another customer's orders", () => {
  let owner: FundedCustomer;
  let order: Order;
  let intruder: Customer;
  let intruderHeaders: Record<string, string>;
  test.beforeAll(async () => {
    owner = await fundedCustomer(setup, operator, "100");
    order = await placed(setup, owner.partner, await redeemBody(owner.account, "10"));
    intruder = await linkedCustomer(setup);
    intruderHeaders = await customerHeaders(setup, intruder.account);
  });

  test("C25: a customer cannot read, list, filter for, process or reject another customer's order", async ({
    request,
  }) => {
    const ownerHeaders = await customerHeaders(request, owner.account);
    expect((await request.get(api(`/orders/${order.id}`), { headers: ownerHeaders })).status()).toBe(200);

    for (const id of [order.id, order.id.toUpperCase()]) {
      await expectRefused(
        await request.get(api(`/orders/${id}`), { headers: intruderHeaders }),
        404,
        notFound("Order not found"),
      );
    }
    expect(await orders(request, intruderHeaders)).toEqual([]);
    expect(await orders(request, intruderHeaders, `?address=${owner.account.address}`)).toEqual([]);
    await expectRefused(
      await request.get(api(`/orders?profile=${owner.profile}`), { headers: intruderHeaders }),
      404,
      notFound("Profile not found"),
    );
    await expectRefused(
      await request.get(api("/orders?profile=not-a-profile"), { headers: intruderHeaders }),
      400,
      invalid({ profile: "must be a UUID" }),
    );
    for (const how of ["process", "reject"] as const) {
      await expectRefused(await settle(request, intruderHeaders, order.id, how), 404, notFound("Order not found"));
    }
    const read = await request.get(api(`/orders/${order.id}`), { headers: owner.partner });
    expect(await read.json()).toEqual(order);
  });

  test("C25: another customer can neither redeem from the owner's address nor take over the owner's order id", async ({
    request,
  }) => {
    await expectRefused(
      await placeOrder(request, intruderHeaders, await redeemBody(owner.account, "1")),
      400,
      invalid({ address: "is not linked on sepolia to a profile you may act on" }),
    );
    await expectRefused(
      await placeOrder(request, intruderHeaders, await redeemBody(intruder.account, "1", { extra: { id: order.id } })),
      409,
      { code: 409, status: "Conflict", message: "An order with this id exists with a different request" },
    );
    expect(await eurBalance(request, owner)).toBe("90.00");
  });

  test("C26: state, profile, balance and meta in the body change nothing; kind issue is refused", async ({
    request,
  }) => {
    const privileged = {
      state: "processed",
      profile: intruder.profile,
      balance: "1000000.00",
      meta: { processedAt: "2026-01-01T00:00:00Z", txHashes: ["0x01"] },
    };
    const sneaky = await placed(request, owner.partner, await redeemBody(owner.account, "1", { extra: privileged }));
    expect(sneaky).toMatchObject({ profile: owner.profile, state: "placed", amount: "1.00" });
    expect(sneaky.meta).toEqual({ placedAt: expect.any(String) as unknown });
    expect(await eurBalance(request, owner)).toBe("89.00");
    expect(await orders(request, owner.partner, `?profile=${intruder.profile}`)).toEqual([]);

    await expectRefused(
      await placeOrder(request, owner.partner, await redeemBody(owner.account, "1", { extra: { kind: "issue" } })),
      400,
      invalid({ kind: "only redeem orders can be placed" }),
    );
    expect(await eurBalance(request, owner)).toBe("89.00");
  });
});

test.describe("GET /orders: filters, order and pages", () => {
  let customer: FundedCustomer;
  let other: PrivateKeyAccount;
  /** Oldest first: the pay-in, the pay-in routed to amoy, then redeems processed, rejected and placed. */
  let all: Order[];
  test.beforeAll(async () => {
    customer = await fundedCustomer(setup, operator, "1000");
    other = await linkAnotherAddress(setup, customer, "amoy");
    const routed = await payIn(setup, customer, "20", { memo: `amoy:${other.address}` });
    const redeems: Order[] = [];
    for (const memo of ["Rent March", "Rent April", "Rent May"]) {
      redeems.push(
        await placed(setup, customer.partner, await redeemBody(customer.account, "100", { extra: { memo } })),
      );
    }
    const processed = (await (await settle(setup, customer.partner, redeems[0]!.id)).json()) as Order;
    const rejected = (await (await settle(setup, customer.partner, redeems[1]!.id, "reject")).json()) as Order;
    const [funding] = await orders(setup, customer.partner, `?profile=${customer.profile}&sort=placedAt&limit=1`);
    all = [funding!, routed, processed, rejected, redeems[2]!];
  });

  const ids = (list: Order[]) => list.map((o) => o.id);
  const pick = (...indexes: number[]) => indexes.map((i) => all[i]!.id);

  test("each filter narrows the list: address, txHash, memo, state, kind, chain, and their combination", async ({
    request,
  }) => {
    const list = (query: string) => orders(request, customer.partner, `?profile=${customer.profile}&${query}`);
    const txHash = all[2]!.meta.txHashes![0]!;
    const cases: [string, string[]][] = [
      [`address=${other.address}`, pick(1)],
      [`address=${customer.account.address.toLowerCase()}`, pick(4, 3, 2, 0)],
      [`txHash=${txHash}`, pick(2)],
      [`txHash=0x${txHash.slice(2).toUpperCase()}`, pick(2)],
      [`txHash=${all[0]!.meta.txHashes![0]!}`, pick(0)],
      ["txHash=0x3333", []],
      ["memo=Rent%20April", pick(3)],
      ["memo=Rent+April", pick(3)],
      ["memo=Rent%20June", []],
      ["state=placed", pick(4)],
      ["state=processed", pick(2, 1, 0)],
      ["state=rejected", pick(3)],
      ["state=pending", []],
      ["kind=issue", pick(1, 0)],
      ["kind=redeem", pick(4, 3, 2)],
      ["chain=amoy", pick(1)],
      ["chain=polygon", pick(1)],
      ["chain=sepolia", pick(4, 3, 2, 0)],
      ["kind=redeem&state=processed", pick(2)],
      ["kind=issue&chain=sepolia", pick(0)],
    ];
    for (const [query, expected] of cases) expect(ids(await list(query)), query).toEqual(expected);
    expect(await list("state=processed&kind=redeem")).toEqual([all[2]]);
  });

  test("newest first by default, oldest first with sort=placedAt; unknown parameters such as accountId are ignored", async ({
    request,
  }) => {
    const base = `?profile=${customer.profile}`;
    expect(await orders(request, customer.partner, base)).toEqual([...all].reverse());
    expect(ids(await orders(request, customer.partner, `${base}&sort=-placedAt`))).toEqual(pick(4, 3, 2, 1, 0));
    expect(ids(await orders(request, customer.partner, `${base}&sort=placedAt`))).toEqual(pick(0, 1, 2, 3, 4));
    expect(ids(await orders(request, customer.partner, `${base}&accountId=acc-1&foo=bar`))).toEqual(
      pick(4, 3, 2, 1, 0),
    );
  });

  test("limit=2 pages through every order once, following X-Next-Cursor or the Link header, in either order", async ({
    request,
  }) => {
    for (const [query, expected] of [
      [`?profile=${customer.profile}&limit=2`, pick(4, 3, 2, 1, 0)],
      [`?profile=${customer.profile}&limit=2&sort=placedAt`, pick(0, 1, 2, 3, 4)],
      [`?profile=${customer.profile}&kind=redeem&limit=2`, pick(4, 3, 2)],
      // Exactly one full page: no cursor, no empty page after it.
      [`?profile=${customer.profile}&kind=issue&limit=2`, pick(1, 0)],
    ] as const) {
      const seen: string[] = [];
      const pages: number[] = [];
      let path: string | undefined = `/api/orders${query}`;
      while (path) {
        const res: APIResponse = await request.get(`${server.appUrl}${path}`, { headers: customer.partner });
        expect(res.status()).toBe(200);
        const page = ((await res.json()) as { orders: Order[] }).orders;
        seen.push(...ids(page));
        pages.push(page.length);
        const cursor = res.headers()["x-next-cursor"];
        const link: string | undefined = res.headers().link;
        if (cursor === undefined) {
          expect(link).toBeUndefined();
          path = undefined;
        } else {
          const next: string | undefined = /^<([^>]+)>; rel="next"$/.exec(link ?? "")?.[1];
          expect(next, link).toBeDefined();
          expect(new URL(next!, server.appUrl).searchParams.get("cursor")).toBe(cursor);
          path = next;
        }
      }
      expect(seen, query).toEqual(expected);
      expect(pages.every((n) => n >= 1 && n <= 2)).toBe(true);
    }
  });

  test("a bad cursor, limit, state, kind, sort, chain or memo is 400 with the parameter named", async ({ request }) => {
    const base = `?profile=${customer.profile}`;
    const cases: [string, Record<string, string>][] = [
      ["cursor=bm90LWEtY3Vyc29y", { cursor: "is not a cursor this API gave out" }],
      ["cursor=%21%21", { cursor: "is not a cursor this API gave out" }],
      // Digits beyond what the database's 64-bit sequence holds.
      [
        `cursor=${Buffer.from("o:9999999999999999999").toString("base64url")}`,
        { cursor: "is not a cursor this API gave out" },
      ],
      ["limit=0", { limit: "must be a whole number from 1 to 100" }],
      ["limit=101", { limit: "must be a whole number from 1 to 100" }],
      ["limit=two", { limit: "must be a whole number from 1 to 100" }],
      ["state=done", { state: "must be one of placed, pending, processed, rejected" }],
      ["kind=mint", { kind: "must be one of issue, redeem" }],
      ["sort=amount", { sort: "must be one of placedAt, -placedAt" }],
      ["chain=dogechain", { chain: "dogechain is not a chain of this environment" }],
      ["memo=abc", { memo: "must be 5 to 140 characters" }],
      ["address=0x1234", { address: "must be 0x followed by 40 hexadecimal characters" }],
    ];
    for (const [query, errors] of cases) {
      await expectRefused(
        await request.get(api(`/orders${base}&${query}`), { headers: customer.partner }),
        400,
        invalid(errors),
      );
    }
  });
});
