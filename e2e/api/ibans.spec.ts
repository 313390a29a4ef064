import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { isValidIBAN } from "ibantools";
import { api, jsonOf } from "../fixtures/api.ts";
import { approvedCustomer, linkAnotherAddress } from "../fixtures/approved-customer.ts";
import { customerHeaders, linkedCustomer, type Customer } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";

type Iban = {
  iban: string;
  name: string;
  bic: string;
  profile: string;
  address: string;
  chain: string;
  state: string;
  emailNotifications: boolean;
};

/** The default configuration: Icelandic IBANs (26 characters) shown in groups of four, a test BIC. */
const SPACED_IS_IBAN = /^IS\d{2}( \d{4}){5} \d{2}$/;
const BIC = "TKRLISR0";

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

async function ibanEvents(profile: string): Promise<{ type: string; data: Iban }[]> {
  const res = await operator.get(`/api/admin/events?profile=${profile}&type=iban.updated`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { events: { type: string; data: Iban }[] }).events;
}

/** The customer's IBANs as the partner sees them. */
async function listed(request: APIRequestContext, customer: Customer, query = ""): Promise<Iban[]> {
  const res = await request.get(api(`/ibans?profile=${customer.profile}${query}`), { headers: customer.partner });
  expect(res.status()).toBe(200);
  return ((await jsonOf(res)) as { ibans: Iban[] }).ibans;
}

/** Requests an IBAN for the customer's address and waits for the provisioning job to assign it. */
async function provisionedIban(request: APIRequestContext, customer: Customer): Promise<Iban> {
  const res = await request.post(api("/ibans"), {
    headers: customer.partner,
    data: { address: customer.account.address, chain: "sepolia" },
  });
  expect(res.status()).toBe(202);
  expect(await jsonOf(res)).toEqual({ code: 202, status: "Accepted" });
  await expect
    .poll(async () => (await listed(request, customer)).length, { intervals: [200], timeout: 15_000 })
    .toBe(1);
  return (await listed(request, customer))[0]!;
}

/** The customer's own token (Sign-In with Ethereum, authorization code): it reaches their profile only. */
const personHeaders = (request: APIRequestContext, customer: Customer) => customerHeaders(request, customer.account);

test.describe("IBANs", () => {
  test("an approved profile requests an IBAN (202); it is provisioned within seconds, valid, with one iban.updated event; asking again is 304", async ({
    request,
  }) => {
    const customer = await approvedCustomer(request, operator);
    const iban = await provisionedIban(request, customer);
    expect(iban).toEqual({
      iban: expect.stringMatching(SPACED_IS_IBAN) as unknown,
      name: "Jane Doe",
      bic: BIC,
      profile: customer.profile,
      address: customer.account.address,
      chain: "sepolia",
      state: "approved",
      emailNotifications: true,
    });
    const electronic = iban.iban.replaceAll(" ", "");
    expect(isValidIBAN(electronic)).toBe(true);

    const again = await request.post(api("/ibans"), {
      headers: customer.partner,
      data: { address: customer.account.address, chain: "sepolia", emailNotifications: false },
    });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
    const second = await linkAnotherAddress(request, customer, "chiado");
    const forOther = await request.post(api("/ibans"), {
      headers: customer.partner,
      data: { address: second.address, chain: "chiado" },
    });
    expect(forOther.status()).toBe(304);
    expect(await listed(request, customer)).toEqual([iban]);

    const events = await ibanEvents(customer.profile);
    expect(events).toEqual([expect.objectContaining({ type: "iban.updated", data: iban })]);
  });

  test("GET /ibans/{iban} takes the IBAN with spaces, percent-encoded, in lower case or without spaces; lists filter by chain", async ({
    request,
  }) => {
    const customer = await approvedCustomer(request, operator);
    const iban = await provisionedIban(request, customer);
    const electronic = iban.iban.replaceAll(" ", "");
    const spellings = [
      encodeURI(iban.iban),
      encodeURIComponent(iban.iban),
      iban.iban.replaceAll(" ", "+"),
      electronic,
      electronic.toLowerCase(),
      encodeURI(iban.iban.toLowerCase()),
    ];
    for (const written of spellings) {
      const res = await request.get(api(`/ibans/${written}`), { headers: customer.partner });
      expect(res.status(), written).toBe(200);
      expect(await jsonOf(res)).toEqual(iban);
    }
    // In the sandbox the production name stands for its testnet.
    expect(await listed(request, customer, "&chain=ethereum")).toEqual([iban]);
    expect(await listed(request, customer, "&chain=sepolia")).toEqual([iban]);
    expect(await listed(request, customer, "&chain=chiado")).toEqual([]);
    // Another account number: the last digit changed (the check digits then no longer match either).
    const otherDigit = electronic.endsWith("0") ? "1" : "0";
    for (const missing of [`${electronic.slice(0, -1)}${otherDigit}`, "not-an-iban", "IS00"]) {
      const res = await request.get(api(`/ibans/${missing}`), { headers: customer.partner });
      expect(res.status(), missing).toBe(404);
      expect(await jsonOf(res)).toEqual({ code: 404, status: "Not Found", message: "IBAN not found" });
    }
  });

  test("moving an IBAN to another linked address (PATCH, or PUT) routes it there, shows in reads and records iban.updated", async ({
    request,
  }) => {
    const customer = await approvedCustomer(request, operator);
    const iban = await provisionedIban(request, customer);
    const second = await linkAnotherAddress(request, customer, "chiado");
    const path = api(`/ibans/${encodeURI(iban.iban)}`);
    const moved = await request.patch(path, {
      headers: customer.partner,
      data: { address: second.address, chain: "gnosis" },
    });
    expect(moved.status()).toBe(200);
    const expected = { ...iban, address: second.address, chain: "chiado" };
    expect(await jsonOf(moved)).toEqual(expected);
    expect(await listed(request, customer)).toEqual([expected]);
    expect(await listed(request, customer, "&chain=chiado")).toEqual([expected]);
    expect(await listed(request, customer, "&chain=sepolia")).toEqual([]);

    // Moving it where it already is changes nothing and records nothing.
    const same = await request.patch(path, {
      headers: customer.partner,
      data: { address: second.address.toLowerCase(), chain: "chiado" },
    });
    expect(same.status()).toBe(200);
    expect(await same.json()).toEqual(expected);
    expect((await ibanEvents(customer.profile)).map((e) => e.data)).toEqual([expected, iban]);

    const back = await request.put(api(`/ibans/${iban.iban.replaceAll(" ", "")}`), {
      headers: customer.partner,
      data: { address: customer.account.address, chain: "sepolia" },
    });
    expect(back.status()).toBe(200);
    expect(await back.json()).toEqual(iban);
    expect(await ibanEvents(customer.profile)).toHaveLength(3);

    // Only addresses linked to the IBAN's own profile, on that chain.
    const stranger = await linkedCustomer(request);
    for (const [address, chain] of [
      [second.address, "sepolia"],
      [stranger.account.address, "sepolia"],
      ["0x000000000000000000000000000000000000dEaD", "sepolia"],
    ]) {
      const refused = await request.patch(path, { headers: customer.partner, data: { address, chain } });
      expect(refused.status()).toBe(400);
      expect(await jsonOf(refused)).toEqual({
        code: 400,
        status: "Bad Request",
        message: "Address is not linked",
        errors: { address: "is not linked to this IBAN's profile on sepolia" },
      });
    }
    const badChain = await request.patch(path, {
      headers: customer.partner,
      data: { address: second.address, chain: "solana" },
    });
    expect(((await badChain.json()) as { errors: object }).errors).toEqual({
      chain: "solana is not a chain of this environment",
    });
    expect(await listed(request, customer)).toEqual([iban]);
  });

  test("refusals: a profile not yet approved (403), an unlinked address (400 errors.address), bad bodies (400), no token (401)", async ({
    request,
  }) => {
    const unapproved = await linkedCustomer(request);
    const notApproved = await request.post(api("/ibans"), {
      headers: unapproved.partner,
      data: { address: unapproved.account.address, chain: "sepolia" },
    });
    expect(notApproved.status()).toBe(403);
    expect(await jsonOf(notApproved)).toEqual({
      code: 403,
      status: "Forbidden",
      message: "The profile is created: IBANs are issued to approved profiles only",
    });

    const customer = await approvedCustomer(request, operator);
    const cases: [object, Record<string, string>][] = [
      [
        { address: "0x000000000000000000000000000000000000dEaD", chain: "sepolia" },
        { address: "is not linked on sepolia to a profile you may act on" },
      ],
      [
        { address: customer.account.address, chain: "chiado" },
        { address: "is not linked on chiado to a profile you may act on" },
      ],
      [
        { address: customer.account.address, chain: "sepolia", profile: unapproved.profile },
        { address: "is not linked to this profile on sepolia" },
      ],
      [{}, { address: "Address missing", chain: "Chain missing" }],
      [{ address: "0x1234", chain: "sepolia" }, { address: "must be 0x followed by 40 hexadecimal characters" }],
      [{ address: customer.account.address, chain: "solana" }, { chain: "solana is not a chain of this environment" }],
      [
        { address: customer.account.address, chain: "sepolia", emailNotifications: "yes" },
        { emailNotifications: "must be true or false" },
      ],
    ];
    for (const [data, errors] of cases) {
      const res = await request.post(api("/ibans"), { headers: customer.partner, data });
      expect(res.status(), JSON.stringify(data)).toBe(400);
      expect(((await jsonOf(res)) as { errors: object }).errors).toEqual(errors);
    }
    expect(await listed(request, customer)).toEqual([]);

    const malformed = await request.post(api("/ibans"), {
      headers: { ...customer.partner, "content-type": "application/json" },
      data: Buffer.from("{not json"),
    });
    expect(malformed.status()).toBe(400);
    const badFilter = await request.get(api("/ibans?chain=solana"), { headers: customer.partner });
    expect(badFilter.status()).toBe(400);
    expect((await request.get(api("/ibans"))).status()).toBe(401);
    expect((await request.post(api("/ibans"), { data: {} })).status()).toBe(401);
    const wrongMethod = await request.delete(api("/ibans"), { headers: customer.partner });
    expect(wrongMethod.status()).toBe(405);
    expect(wrongMethod.headers().allow).toBe("GET, POST, HEAD");
  });

  test("C25: another customer's IBAN is 404 to read or move, their profile's list is 404, their address is refused like an unlinked one", async ({
    request,
  }) => {
    const owner = await approvedCustomer(request, operator);
    const iban = await provisionedIban(request, owner);
    const stranger = await linkedCustomer(request);
    const strangerToken = await personHeaders(request, stranger);

    for (const written of [encodeURI(iban.iban), iban.iban.replaceAll(" ", "")]) {
      const read = await request.get(api(`/ibans/${written}`), { headers: strangerToken });
      expect(read.status()).toBe(404);
      expect(await jsonOf(read)).toEqual({ code: 404, status: "Not Found", message: "IBAN not found" });
      const move = await request.patch(api(`/ibans/${written}`), {
        headers: strangerToken,
        data: { address: stranger.account.address, chain: "sepolia" },
      });
      expect(move.status()).toBe(404);
      expect(await jsonOf(move)).toEqual({ code: 404, status: "Not Found", message: "IBAN not found" });
    }
    const theirList = await request.get(api(`/ibans?profile=${owner.profile}`), { headers: strangerToken });
    expect(theirList.status()).toBe(404);
    expect(await jsonOf(theirList)).toEqual({ code: 404, status: "Not Found", message: "Profile not found" });
    const ownList = await request.get(api("/ibans"), { headers: strangerToken });
    expect(await jsonOf(ownList)).toEqual({ ibans: [] });
    const request_ = await request.post(api("/ibans"), {
      headers: strangerToken,
      data: { address: owner.account.address, chain: "sepolia" },
    });
    expect(request_.status()).toBe(400);
    expect(await jsonOf(request_)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "Address is not linked",
      errors: { address: "is not linked on sepolia to a profile you may act on" },
    });
    expect(await listed(request, owner)).toEqual([iban]);

    // The owner's own token reads it from their default profile.
    const ownerToken = await personHeaders(request, owner);
    const mine = await request.get(api("/ibans"), { headers: ownerToken });
    expect(await jsonOf(mine)).toEqual({ ibans: [iban] });
    expect((await request.get(api(`/ibans/${encodeURI(iban.iban)}`), { headers: ownerToken })).status()).toBe(200);
  });
});
