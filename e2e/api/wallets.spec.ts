import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { concat, hashMessage, hashTypedData, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { customerHeaders, LINK_MESSAGE, linkedCustomer, type Customer } from "../fixtures/customer.ts";

const SEPOLIA = 11155111;
const fresh = () => privateKeyToAccount(generatePrivateKey());

/** Safe's SafeMessage hash of the link message, computed here independently of the server. */
function safeHash(safe: Hex, chainId = SEPOLIA): Hex {
  return hashTypedData({
    domain: { chainId, verifyingContract: safe },
    types: { SafeMessage: [{ name: "message", type: "bytes" }] },
    primaryType: "SafeMessage",
    message: { message: hashMessage(LINK_MESSAGE) },
  });
}

async function deploySafe(
  request: APIRequestContext,
  customer: Customer,
  owners: PrivateKeyAccount[],
  threshold: number,
) {
  const safe = fresh().address;
  const res = await request.post(api("/sandbox/chains/sepolia/smart-accounts"), {
    headers: customer.partner,
    data: { address: safe, owners: owners.map((o) => o.address), threshold },
  });
  expect(res.status()).toBe(201);
  return safe;
}

const link = (request: APIRequestContext, customer: Customer, address: string, signature: string, chain = "sepolia") =>
  request.post(api("/addresses"), {
    headers: customer.partner,
    data: { profile: customer.profile, address, chain, signature },
  });

test.describe("addresses and balances", () => {
  test("GET /addresses lists each address once with its chains sorted; ?chain= narrows them; GET /addresses/{address} ignores case", async ({
    request,
  }) => {
    const customer = await linkedCustomer(request);
    const signature = await customer.account.signMessage({ message: LINK_MESSAGE });
    for (const chain of ["chiado", "arbitrumsepolia"]) {
      expect((await link(request, customer, customer.account.address, signature, chain)).status()).toBe(201);
    }
    const all = await request.get(api(`/addresses?profile=${customer.profile}`), { headers: customer.partner });
    expect(await jsonOf(all)).toEqual({
      addresses: [
        {
          profile: customer.profile,
          address: customer.account.address,
          chains: ["arbitrumsepolia", "chiado", "sepolia"],
        },
      ],
    });
    const chiado = await request.get(api(`/addresses?profile=${customer.profile}&chain=chiado`), {
      headers: customer.partner,
    });
    expect(((await chiado.json()) as { addresses: { chains: string[] }[] }).addresses[0]?.chains).toEqual(["chiado"]);
    const one = await request.get(api(`/addresses/${customer.account.address.toLowerCase()}`), {
      headers: customer.partner,
    });
    expect(await one.json()).toEqual({
      profile: customer.profile,
      address: customer.account.address,
      chains: ["arbitrumsepolia", "chiado", "sepolia"],
    });
  });

  test("balances: eur by default, repeated currencies, decimal strings; unknown currency 400; an address out of reach 404", async ({
    request,
  }) => {
    const customer = await linkedCustomer(request);
    const at = customer.account.address;
    const plain = await request.get(api(`/balances/sepolia/${at}`), { headers: customer.partner });
    expect(await jsonOf(plain)).toEqual({
      id: `sepolia:${at.toLowerCase()}`,
      address: at,
      chain: "sepolia",
      balances: [{ currency: "eur", amount: "0.00" }],
    });
    const two = await request.get(api(`/balances/ethereum/${at}?currency=eur&currency=gbp`), {
      headers: customer.partner,
    });
    expect(
      ((await two.json()) as { chain: string; balances: { currency: string }[] }).balances.map((b) => b.currency),
    ).toEqual(["eur", "gbp"]);
    const bad = await request.get(api(`/balances/sepolia/${at}?currency=btc`), { headers: customer.partner });
    expect(bad.status()).toBe(400);
    const stranger = await request.get(api(`/balances/sepolia/${fresh().address}`), { headers: customer.partner });
    expect(stranger.status()).toBe(404);
  });

  test("C25: another customer's addresses are not found, by address or by profile", async ({ request }) => {
    const mine = await linkedCustomer(request);
    const theirs = await linkedCustomer(request);
    const person = await customerHeaders(request, mine.account);
    expect((await request.get(api(`/addresses/${mine.account.address}`), { headers: person })).status()).toBe(200);
    for (const path of [
      `/addresses/${theirs.account.address}`,
      `/addresses?profile=${theirs.profile}`,
      `/balances/sepolia/${theirs.account.address}`,
      `/signatures?profile=${theirs.profile}`,
    ]) {
      expect((await request.get(api(path), { headers: person })).status(), path).toBe(404);
    }
    const mineOnly = (await (await request.get(api("/addresses"), { headers: person })).json()) as {
      addresses: { address: string }[];
    };
    expect(mineOnly.addresses.map((a) => a.address)).toEqual([mine.account.address]);
  });
});

test.describe("smart accounts (Safe)", () => {
  test("C18: `0x` → 202 and a pending linkAddress signature; the account's on-chain SignMsg completes the link", async ({
    request,
  }) => {
    const customer = await linkedCustomer(request);
    const safe = await deploySafe(request, customer, [fresh(), fresh()], 2);
    const res = await link(request, customer, safe, "0x");
    expect(res.status()).toBe(202);
    expect(await jsonOf(res)).toEqual({ code: 202, status: "Accepted" });
    expect((await link(request, customer, safe, "0x")).status()).toBe(202);

    const pending = await request.get(api(`/signatures?profile=${customer.profile}&kind=linkAddress`), {
      headers: customer.partner,
    });
    expect(pending.headers()["x-total-count"]).toBe("1");
    expect(await pending.json()).toEqual({
      pending: [{ kind: "linkAddress", chain: "sepolia", address: safe, createdAt: expect.any(String) as unknown }],
      total: 1,
    });
    expect((await request.get(api(`/addresses/${safe}`), { headers: customer.partner })).status()).toBe(404);

    const signed = await request.post(api(`/sandbox/chains/sepolia/smart-accounts/${safe}/signed-messages`), {
      headers: customer.partner,
      data: { message: LINK_MESSAGE },
    });
    expect(await signed.json()).toEqual({
      chain: "sepolia",
      address: safe,
      msgHash: safeHash(safe),
      linksCompleted: 1,
      ordersSigned: 0,
    });
    const linked = await request.get(api(`/addresses/${safe}`), { headers: customer.partner });
    expect(await linked.json()).toEqual({ profile: customer.profile, address: safe, chains: ["sepolia"] });
    const none = await request.get(api(`/signatures?profile=${customer.profile}`), { headers: customer.partner });
    expect(await none.json()).toEqual({ pending: [], total: 0 });
  });

  test("an on-chain link is waited for five days: after that it is no longer pending and a late SignMsg links nothing", async ({
    request,
  }) => {
    const customer = await linkedCustomer(request);
    const safe = await deploySafe(request, customer, [fresh()], 1);
    expect((await link(request, customer, safe, "0x")).status()).toBe(202);
    // Five days on, with a token issued then (today's has long expired).
    const offset = { "tokenrail-test-clock-offset": String(5 * 24 * 3600 + 1) };
    const issued = await request.post(api("/auth/token"), {
      headers: offset,
      form: {
        grant_type: "client_credentials",
        client_id: server.demo.clientId,
        client_secret: server.demo.clientSecret,
      },
    });
    const later = {
      ...offset,
      authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}`,
    };
    const pending = await request.get(api(`/signatures?profile=${customer.profile}`), { headers: later });
    expect(await pending.json()).toEqual({ pending: [], total: 0 });
    const signed = await request.post(api(`/sandbox/chains/sepolia/smart-accounts/${safe}/signed-messages`), {
      headers: later,
      data: { message: LINK_MESSAGE },
    });
    expect(((await signed.json()) as { linksCompleted: number }).linksCompleted).toBe(0);
    expect((await request.get(api(`/addresses/${safe}`), { headers: customer.partner })).status()).toBe(404);
  });

  test("Safe off-chain: the owners' signatures over the SafeMessage hash, concatenated, link at once when they meet the threshold", async ({
    request,
  }) => {
    const customer = await linkedCustomer(request);
    const [alice, bob, mallory] = [fresh(), fresh(), fresh()];
    const safe = await deploySafe(request, customer, [alice, bob], 2);
    const hash = safeHash(safe);
    const byAlice = await alice.sign({ hash });
    const byBob = await bob.sign({ hash });
    const byMallory = await mallory.sign({ hash });
    for (const signature of [byAlice, concat([byAlice, byMallory]), concat([byAlice, byAlice])]) {
      const refused = await link(request, customer, safe, signature);
      expect(refused.status()).toBe(400);
      expect(((await refused.json()) as { errors: object }).errors).toEqual({
        signature: "is not a signature of the message by this address",
      });
    }
    const res = await link(request, customer, safe, concat([byAlice, byBob]));
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({ profile: customer.profile, address: safe, state: "linked" });
  });

  test("a one-owner Safe's single 65-byte signature is checked as ERC-1271 when it is not the address's own", async ({
    request,
  }) => {
    const customer = await linkedCustomer(request);
    const owner = fresh();
    const safe = await deploySafe(request, customer, [owner], 1);
    const res = await link(request, customer, safe, await owner.sign({ hash: safeHash(safe) }));
    expect(res.status()).toBe(201);
  });

  test("the sandbox chain refuses bad smart accounts with the field named", async ({ request }) => {
    const customer = await linkedCustomer(request);
    const res = await request.post(api("/sandbox/chains/sepolia/smart-accounts"), {
      headers: customer.partner,
      data: { address: fresh().address, owners: [fresh().address], threshold: 2 },
    });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { errors: object }).errors).toEqual({
      threshold: "cannot exceed the number of owners",
    });
    const unknownChain = await request.post(api("/sandbox/chains/dogechain/smart-accounts"), {
      headers: customer.partner,
      data: { address: fresh().address, owners: [fresh().address], threshold: 1 },
    });
    expect(unknownChain.status()).toBe(404);
  });
});
