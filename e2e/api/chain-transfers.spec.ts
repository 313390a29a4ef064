import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { api, jsonOf } from "../fixtures/api.ts";
import { approvedCustomer } from "../fixtures/approved-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import {
  eurBalance,
  expectRefused,
  fundedCustomer,
  invalid,
  ledgerConsistent,
  placed,
  redeemBody,
  settle,
  type Order,
} from "../fixtures/orders.ts";
import { otherApplication } from "../fixtures/second-application.ts";

// Issue 17: tokens that arrive at a linked address by a plain transfer on the sandbox chain are reconciled into the
// ledger, and can be redeemed there.

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

function transfer(request: APIRequestContext, headers: Record<string, string>, data: Record<string, unknown>) {
  return request.post(api("/sandbox/chains/sepolia/transfers"), { headers, data });
}

test("issue 17: a plain transfer between linked wallets shows in both balances and the receiver redeems it (C34)", async ({
  request,
}) => {
  test.setTimeout(60_000);
  const alice = await fundedCustomer(request, operator, "100");
  const bob = await approvedCustomer(request, operator);
  const sent = await transfer(request, alice.partner, {
    from: alice.account.address,
    to: bob.account.address,
    currency: "eur",
    amount: "30",
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const body = (await jsonOf(sent)) as { txHash: string };
  expect(body).toEqual({
    chain: "sepolia",
    currency: "eur",
    from: alice.account.address,
    to: bob.account.address,
    amount: "30.00",
    txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) as unknown as string,
  });
  expect(await eurBalance(request, alice)).toBe("70.00");
  expect(await eurBalance(request, bob)).toBe("30.00");
  expect(await ledgerConsistent(operator)).toBe(true);

  // The received tokens are redeemable: held, burned on chain, paid out.
  const order = await placed(request, bob.partner, await redeemBody(bob.account, "30"));
  expect(await eurBalance(request, bob)).toBe("0.00");
  const processed = await settle(request, bob.partner, order.id);
  expect(processed.status(), await processed.text()).toBe(200);
  expect(((await jsonOf(processed)) as Order).state).toBe("processed");
  expect(await ledgerConsistent(operator)).toBe(true);
});

test("issue 17: tokens sent to an outside address leave the wallet, the ledger adds up, and no more than is held can go", async ({
  request,
}) => {
  const alice = await fundedCustomer(request, operator, "50");
  const outsider = privateKeyToAccount(generatePrivateKey()).address;
  const out = await transfer(request, alice.partner, {
    from: alice.account.address,
    to: outsider,
    currency: "eur",
    amount: "20.5",
  });
  expect(out.status(), await out.text()).toBe(201);
  expect(await eurBalance(request, alice)).toBe("29.50");
  expect(await ledgerConsistent(operator)).toBe(true);

  // Beyond what the address holds on chain: refused, nothing moves.
  await expectRefused(
    await transfer(request, alice.partner, {
      from: alice.account.address,
      to: outsider,
      currency: "eur",
      amount: "29.51",
    }),
    400,
    invalid({ amount: "exceeds the tokens the address holds on chain" }),
  );
  expect(await eurBalance(request, alice)).toBe("29.50");
});

test("issue 17: C38 a transfer only from an address the caller's application may act on; 404 otherwise", async ({
  request,
}) => {
  test.setTimeout(60_000);
  const alice = await fundedCustomer(request, operator, "10");
  const other = await otherApplication(request, operator, { name: "Transfer tenant" });
  const data = {
    from: alice.account.address,
    to: privateKeyToAccount(generatePrivateKey()).address,
    currency: "eur",
    amount: "1",
  };
  await expectRefused(await transfer(request, other.partner, data), 404, {
    code: 404,
    status: "Not Found",
    message: "Address not found",
  });
  const unlinked = { ...data, from: privateKeyToAccount(generatePrivateKey()).address };
  await expectRefused(await transfer(request, alice.partner, unlinked), 404, {
    code: 404,
    status: "Not Found",
    message: "Address not found",
  });
  expect(await eurBalance(request, alice)).toBe("10.00");
});
