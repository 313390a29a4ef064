import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { getAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { api, clientCredentialsToken, jsonOf, V2 } from "../fixtures/api.ts";
import { LINK_MESSAGE, linkedCustomer } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { fundedCustomer, redeemBody, type Order } from "../fixtures/orders.ts";
import { otherApplication, type OtherApplication } from "../fixtures/second-application.ts";

/**
 * C38: the sandbox simulator's API reaches only the calling application's own objects. Two tenants: the demo
 * application and another one registered on the developer portal.
 */

const fresh = () => privateKeyToAccount(generatePrivateKey());
const NO_SUCH_ACCOUNT = { code: 404, status: "Not Found", message: "No such smart account" };
const IN_USE = {
  code: 409,
  status: "Conflict",
  message: "This address is already in use; deploy at a fresh address, or leave address out to have one derived",
};

let operator: APIRequestContext;
let other: OtherApplication;
let demo: Record<string, string>;

test.describe.configure({ mode: "serial" });
test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  operator = await operatorSession();
  other = await otherApplication(request, operator, { name: "Sandbox tenant", privileges: ["sign_up"] });
  demo = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
});
test.afterAll(async () => {
  await operator.dispose();
});

function deploy(request: APIRequestContext, headers: Record<string, string>, address: Hex | undefined, owners: Hex[]) {
  return request.post(api("/sandbox/chains/sepolia/smart-accounts"), {
    headers,
    data: { address, owners, threshold: 1 },
  });
}

/** Deploying at `address` is refused as in use, and nothing was deployed there: the caller cannot make it sign. */
async function refusedInUse(request: APIRequestContext, headers: Record<string, string>, address: Hex) {
  const res = await deploy(request, headers, address, [fresh().address]);
  expect(res.status(), address).toBe(409);
  expect(await jsonOf(res)).toEqual(IN_USE);
  const signed = await sign(request, headers, address, { message: LINK_MESSAGE });
  expect(signed.status()).toBe(404);
  expect(await jsonOf(signed)).toEqual(NO_SUCH_ACCOUNT);
}

function sign(request: APIRequestContext, headers: Record<string, string>, address: Hex, data: object) {
  return request.post(api(`/sandbox/chains/sepolia/smart-accounts/${address}/signed-messages`), { headers, data });
}

function linkWithSafe(request: APIRequestContext, headers: Record<string, string>, profile: string, safe: Hex) {
  return request.post(api("/addresses"), {
    headers,
    data: { profile, address: safe, chain: "sepolia", signature: "0x" },
  });
}

async function pendingLinks(request: APIRequestContext, headers: Record<string, string>, profile: string) {
  const res = await request.get(api(`/signatures?profile=${profile}&kind=linkAddress`), { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { pending: { address: string }[] }).pending.map((p) => p.address.toLowerCase());
}

test("C38: another application's Safe cannot be re-registered (409) nor made to sign (404); its own application's can", async ({
  request,
}) => {
  const customer = await linkedCustomer(request);
  const safe = fresh().address;
  expect((await deploy(request, demo, safe, [fresh().address])).status()).toBe(201);
  const link = await linkWithSafe(request, demo, customer.profile, safe);
  expect(link.status()).toBe(202);

  const taken = await deploy(request, other.partner, safe, [fresh().address]);
  expect(taken.status()).toBe(409);
  expect(await jsonOf(taken)).toEqual({
    code: 409,
    status: "Conflict",
    message: "Another smart account is deployed at this address; choose a fresh address",
  });
  for (const data of [{ message: LINK_MESSAGE }, { msgHash: `0x${"11".repeat(32)}` }]) {
    const signed = await sign(request, other.partner, safe, data);
    expect(signed.status(), JSON.stringify(data)).toBe(404);
    expect(await jsonOf(signed)).toEqual(NO_SUCH_ACCOUNT);
  }
  // An address with no account at all answers the same.
  const nothing = await sign(request, other.partner, fresh().address, { message: LINK_MESSAGE });
  expect(nothing.status()).toBe(404);
  expect(await jsonOf(nothing)).toEqual(NO_SUCH_ACCOUNT);
  // Nothing was emitted: the demo customer's link still waits for the Safe.
  expect(await pendingLinks(request, demo, customer.profile)).toContain(safe.toLowerCase());

  // The owning application still changes and drives its Safe, and the link completes.
  expect((await deploy(request, demo, safe, [fresh().address])).status()).toBe(201);
  const own = await sign(request, demo, safe, { message: LINK_MESSAGE });
  expect(own.status()).toBe(201);
  expect(await own.json()).toMatchObject({ linksCompleted: 1, ordersSigned: 0 });
  expect(await pendingLinks(request, demo, customer.profile)).not.toContain(safe.toLowerCase());
});

test("C38: an application's Safe signing completes only links of profiles that application may act on", async ({
  request,
}) => {
  // A demo customer asks to link the other application's Safe; so does the other application's own customer.
  const demoCustomer = await linkedCustomer(request);
  const signUp = await request.post(api("/auth/signup"), {
    headers: other.partner,
    data: { email: `tenant-${randomUUID()}@example.com` },
  });
  expect(signUp.status()).toBe(201);
  const otherProfile = ((await signUp.json()) as { profile: string }).profile;
  const safe = fresh().address;
  expect((await deploy(request, other.partner, safe, [fresh().address])).status()).toBe(201);
  expect((await linkWithSafe(request, demo, demoCustomer.profile, safe)).status()).toBe(202);
  expect((await linkWithSafe(request, other.partner, otherProfile, safe)).status()).toBe(202);

  const signed = await sign(request, other.partner, safe, { message: LINK_MESSAGE });
  expect(signed.status()).toBe(201);
  expect(await signed.json()).toMatchObject({ linksCompleted: 1, ordersSigned: 0 });
  const linked = await request.get(api(`/addresses/${safe}`), { headers: other.partner });
  expect(await linked.json()).toMatchObject({ profile: otherProfile, address: safe, chains: ["sepolia"] });
  // The demo customer's request was not completed by the other application's call.
  expect(await pendingLinks(request, demo, demoCustomer.profile)).toContain(safe.toLowerCase());
});

test("C38: the sandbox's bank and stand-in operator reach only the calling application's orders and IBANs", async ({
  request,
}) => {
  test.setTimeout(60_000);
  const customer = await fundedCustomer(request, operator, "50");
  const placed = await request.post(api("/orders"), {
    headers: customer.partner,
    data: await redeemBody(customer.account, "10"),
  });
  expect(placed.status()).toBeLessThan(300);
  const order = (await placed.json()) as Order;

  for (const how of ["process", "reject"] as const) {
    const res = await request.post(api(`/sandbox/orders/${order.id}/${how}`), {
      headers: other.partner,
      data: how === "reject" ? { reason: "Not yours" } : undefined,
    });
    expect(res.status(), how).toBe(404);
    expect(await jsonOf(res)).toEqual({ code: 404, status: "Not Found", message: "Order not found" });
  }
  const payment = await request.post(api("/sandbox/payments"), {
    headers: other.partner,
    data: { iban: customer.iban, amount: "1.00" },
  });
  expect(payment.status()).toBe(404);
  expect(await jsonOf(payment)).toEqual({ code: 404, status: "Not Found", message: "IBAN not found" });

  // The order is as it was, and its own application can still process it.
  const after = await request.get(api(`/orders/${order.id}`), { headers: customer.partner });
  expect(((await after.json()) as Order).state).toBe(order.state);
  const processed = await request.post(api(`/sandbox/orders/${order.id}/process`), { headers: customer.partner });
  expect(processed.status()).toBe(200);
  expect(((await processed.json()) as Order).state).toBe("processed");
});

test("C38: no smart account is deployed at a wallet another application's customer linked, nor by its own application", async ({
  request,
}) => {
  const customer = await linkedCustomer(request);
  await refusedInUse(request, other.partner, customer.account.address);
  // A real chain puts no code at a key's address, whoever asks: the customer's own application is refused as well.
  await refusedInUse(request, demo, customer.account.address);
  // The wallet is still the customer's plain key: its own signature still proves it.
  const linked = await request.get(api(`/addresses/${customer.account.address}`), { headers: demo });
  expect(await linked.json()).toMatchObject({ profile: customer.profile, chains: ["sepolia"] });
});

test("C38: no smart account is deployed at an address a pending link waits for, nor at one that holds tokens", async ({
  request,
}) => {
  test.setTimeout(60_000);
  // A demo customer asks to link an address that has no code yet; another application must not become its Safe.
  const waitedFor = fresh().address;
  const customer = await linkedCustomer(request);
  expect((await linkWithSafe(request, demo, customer.profile, waitedFor)).status()).toBe(202);
  await refusedInUse(request, other.partner, waitedFor);
  expect(await pendingLinks(request, demo, customer.profile)).toContain(waitedFor.toLowerCase());

  // A funded customer sends tokens to an address nobody linked: it holds a balance on chain.
  const funded = await fundedCustomer(request, operator, "20");
  const holder = fresh().address;
  const sent = await request.post(api("/sandbox/chains/sepolia/transfers"), {
    headers: funded.partner,
    data: { from: funded.account.address, to: holder, currency: "eur", amount: "5" },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await refusedInUse(request, other.partner, holder);
  await refusedInUse(request, funded.partner, holder);
});

test("C38: a Safe is deployed at a fresh address, or at one the sandbox derives when address is left out", async ({
  request,
}) => {
  const owners = [fresh().address];
  const at = fresh().address;
  const placed = await deploy(request, other.partner, at, owners);
  expect(placed.status()).toBe(201);
  expect(await placed.json()).toEqual({ chain: "sepolia", address: at, owners, threshold: 1 });

  const derived: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await deploy(request, other.partner, undefined, owners);
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { address: Hex };
    expect(body).toEqual({ chain: "sepolia", address: getAddress(body.address), owners, threshold: 1 });
    derived.push(body.address);
    // The account is there and the deploying application drives it.
    const signed = await sign(request, other.partner, body.address, { message: LINK_MESSAGE });
    expect(signed.status()).toBe(201);
    // No other application does.
    expect((await sign(request, demo, body.address, { message: LINK_MESSAGE })).status()).toBe(404);
  }
  // Each deployment gets an address of its own, even with the same owners and threshold.
  expect(new Set([at, ...derived]).size).toBe(3);
});
