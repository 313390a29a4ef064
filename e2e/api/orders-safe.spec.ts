import { expect, request as playwrightRequest, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { concat, hashMessage, hashTypedData, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { api, jsonOf } from "../fixtures/api.ts";
import { LINK_MESSAGE } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import {
  balanceOf,
  cents,
  expectRefused,
  fundedCustomer,
  invalid,
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
 * Redeem orders from a Safe (SPEC "Signature field"): `0x` waits for the account's on-chain SignMsg (202, a pending
 * `order` signature); the owners' off-chain signatures, concatenated, are checked as ERC-1271 at once. The Safe is
 * a linked address of an approved customer, linked with `0x` and its SignMsg, funded through the customer's IBAN
 * with a memo routing the payment to it.
 */

const SEPOLIA = 11155111;
const fresh = () => privateKeyToAccount(generatePrivateKey());

let setup: APIRequestContext;
let customer: FundedCustomer;
let owners: [PrivateKeyAccount, PrivateKeyAccount];
let safe: Hex;
test.beforeAll(async () => {
  setup = await playwrightRequest.newContext();
  const operator = await operatorSession();
  customer = await fundedCustomer(setup, operator, "0");
  await operator.dispose();
  owners = [fresh(), fresh()];
  safe = fresh().address;
  const deployed = await setup.post(api("/sandbox/chains/sepolia/smart-accounts"), {
    headers: customer.partner,
    data: { address: safe, owners: owners.map((o) => o.address), threshold: 2 },
  });
  expect(deployed.status()).toBe(201);
  const link = await setup.post(api("/addresses"), {
    headers: customer.partner,
    data: { profile: customer.profile, address: safe, chain: "sepolia", signature: "0x" },
  });
  expect(link.status()).toBe(202);
  const signed = await signOnChain(setup, LINK_MESSAGE);
  expect(signed).toMatchObject({ linksCompleted: 1 });
  const funded = await payIn(setup, customer, "100", { memo: `sepolia:${safe}` });
  expect(funded).toMatchObject({ address: safe, chain: "sepolia", state: "processed" });
});
test.afterAll(async () => {
  await setup.dispose();
});

/** The Safe emits SignMsg for `message` on the sandbox chain. */
async function signOnChain(request: APIRequestContext, message: string) {
  const res = await request.post(api(`/sandbox/chains/sepolia/smart-accounts/${safe}/signed-messages`), {
    headers: customer.partner,
    data: { message },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { msgHash: string; linksCompleted: number; ordersSigned: number };
}

/** An order from the Safe paying `amount` to the payee, with the given signature. */
function safeOrder(amount: string, signature: string) {
  const message = `Send EUR ${amount} to ${PAYEE.identifier.iban} at ${uniqueNow().toISOString()}`;
  return {
    kind: "redeem",
    address: safe,
    chain: "sepolia",
    currency: "eur",
    amount,
    counterpart: PAYEE,
    message,
    signature,
  };
}

/** Safe's SafeMessage hash of the EIP-191 hash of `message`: what each owner signs off chain. */
function safeMessageHash(message: string): Hex {
  return hashTypedData({
    domain: { chainId: SEPOLIA, verifyingContract: safe },
    types: { SafeMessage: [{ name: "message", type: "bytes" }] },
    primaryType: "SafeMessage",
    message: { message: hashMessage(message) },
  });
}

async function pendingOrders(request: APIRequestContext) {
  const res = await request.get(api(`/signatures?profile=${customer.profile}&kind=order`), {
    headers: customer.partner,
  });
  expect(res.status()).toBe(200);
  return { total: res.headers()["x-total-count"], body: await jsonOf(res) };
}

test.describe("orders from a Safe", () => {
  test("on chain (`0x`): 202 with the placed order, pending in GET /signatures, 409 on process until the Safe's SignMsg, then processed", async ({
    request,
  }) => {
    const before = await balanceOf(request, customer.partner, safe);
    const body = safeOrder("5", "0x");
    const order = await placed(request, customer.partner, body, 202);
    expect(order).toMatchObject({ kind: "redeem", address: safe, amount: "5.00", state: "placed" });
    expect(await pendingOrders(request)).toEqual({
      total: "1",
      body: {
        pending: [
          {
            id: order.id,
            kind: "order",
            chain: "sepolia",
            address: safe,
            amount: "5.00",
            counterpart: PAYEE,
            currency: "eur",
            message: body.message,
            createdAt: expect.any(String) as unknown,
          },
        ],
        total: 1,
      },
    });
    await expectRefused(await settle(request, customer.partner, order.id), 409, {
      code: 409,
      status: "Conflict",
      message: "The order awaits its on-chain signature and cannot be processed yet",
    });

    expect(await signOnChain(request, body.message)).toEqual({
      chain: "sepolia",
      address: safe,
      msgHash: safeMessageHash(body.message),
      linksCompleted: 0,
      ordersSigned: 1,
    });
    expect(await pendingOrders(request)).toEqual({ total: "0", body: { pending: [], total: 0 } });
    const res = await settle(request, customer.partner, order.id);
    expect(res.status(), await res.text()).toBe(200);
    expect(await res.json()).toMatchObject({ id: order.id, state: "processed" });
    expect(cents(await balanceOf(request, customer.partner, safe))).toBe(cents(before) - 500n);
  });

  test("on chain (`0x`): an order rejected while it waits is no longer pending, and a late SignMsg signs nothing", async ({
    request,
  }) => {
    const body = safeOrder("3", "0x");
    const order = await placed(request, customer.partner, body, 202);
    const rejected = await settle(request, customer.partner, order.id, "reject");
    expect(rejected.status()).toBe(200);
    expect(await pendingOrders(request)).toEqual({ total: "0", body: { pending: [], total: 0 } });
    expect(await signOnChain(request, body.message)).toMatchObject({ ordersSigned: 0 });
    expect(
      ((await (await request.get(api(`/orders/${order.id}`), { headers: customer.partner })).json()) as Order).state,
    ).toBe("rejected");
  });

  test("off chain: the owners' signatures over the SafeMessage hash, concatenated, place the order at once (200); fewer than the threshold are refused", async ({
    request,
  }) => {
    const body = safeOrder("4", "0x");
    const hash = safeMessageHash(body.message);
    const [alice, bob] = owners;
    const byAlice = await alice.sign({ hash });
    const byBob = await bob.sign({ hash });
    for (const signature of [byAlice, concat([byAlice, byAlice]), concat([byAlice, await fresh().sign({ hash })])]) {
      await expectRefused(
        await placeOrder(request, customer.partner, { ...body, signature }),
        400,
        invalid({ signature: "invalid signature" }),
      );
    }
    const order = await placed(request, customer.partner, { ...body, signature: concat([byAlice, byBob]) });
    expect(order).toMatchObject({ address: safe, amount: "4.00", state: "placed" });
    const res = await settle(request, customer.partner, order.id);
    expect(res.status(), await res.text()).toBe(200);
  });

  test("a Safe whose `0x` link still waits for its SignMsg is not linked yet: its orders are refused", async ({
    request,
  }) => {
    const waiting = fresh().address;
    const deployed = await request.post(api("/sandbox/chains/sepolia/smart-accounts"), {
      headers: customer.partner,
      data: { address: waiting, owners: [fresh().address], threshold: 1 },
    });
    expect(deployed.status()).toBe(201);
    const link = await request.post(api("/addresses"), {
      headers: customer.partner,
      data: { profile: customer.profile, address: waiting, chain: "sepolia", signature: "0x" },
    });
    expect(link.status()).toBe(202);
    await expectRefused(
      await placeOrder(request, customer.partner, { ...safeOrder("1", "0x"), address: waiting }),
      400,
      invalid({ address: "is not linked on sepolia to a profile you may act on" }),
    );
  });
});
