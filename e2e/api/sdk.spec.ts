import { createHash, randomBytes } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { constants, MoneriumClient, ProfileState, ProfileType } from "@monerium/sdk";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { server } from "../fixtures/api.ts";
import { approvedCustomer, linkAnotherAddress } from "../fixtures/approved-customer.ts";
import { signedUpProfile } from "../fixtures/customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { V3_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { carrySdkFetch } from "../fixtures/sdk-fetch.ts";

test.describe("@monerium/sdk 3.5.0 against Tokenrail", () => {
  let restoreFetch = () => {};
  test.beforeAll(() => {
    restoreFetch = carrySdkFetch();
  });
  test.afterAll(() => restoreFetch());

  test("client-credentials login obtains a token and reads /auth/context", async () => {
    const client = new MoneriumClient({
      environment: "sandbox",
      clientId: server.demo.clientId,
      clientSecret: server.demo.clientSecret,
    });
    expect(await client.getAccess()).toBe(true);
    expect(client.bearerProfile).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const context = await client.getAuthContext();
    expect(context.email).toBe("developer@tokenrail.local");
    expect(context.defaultProfile).toBe(client.bearerProfile?.profile);
    expect(context.profiles[0]).toMatchObject({ id: client.bearerProfile?.profile, name: "Demo Integrator Ltd" });
  });

  test("a wrong secret surfaces the server's message through the SDK", async () => {
    const client = new MoneriumClient({
      environment: "sandbox",
      clientId: server.demo.clientId,
      clientSecret: "wrong",
    });
    await expect(client.getAccess()).rejects.toThrow("Client authentication failed");
  });

  test("C27: uploadSupportingDocument sends a PDF (no Accept, fetch's own multipart type) and gets the File", async () => {
    const client = new MoneriumClient({
      environment: "sandbox",
      clientId: server.demo.clientId,
      clientSecret: server.demo.clientSecret,
    });
    expect(await client.getAccess()).toBe(true);
    const content = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(2048)]);
    const file = await client.uploadSupportingDocument(
      new File([content], "supporting-document.pdf", { type: "application/pdf" }),
    );
    expect(file).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      name: "supporting-document.pdf",
      type: "application/pdf",
      size: content.length,
      hash: createHash("sha256").update(content).digest("hex"),
      meta: {
        uploadedBy: client.bearerProfile?.userId,
        createdAt: expect.any(String) as unknown,
        updatedAt: expect.any(String) as unknown,
      },
    });
  });

  test("getTokens works with the SDK's empty Authorization header", async () => {
    const client = new MoneriumClient({
      environment: "sandbox",
      clientId: server.demo.clientId,
      clientSecret: server.demo.clientSecret,
    });
    const tokens = await client.getTokens();
    expect(tokens.map((t) => t.chain)).toContain("sepolia");
  });

  test("getProfiles, submitProfileDetails (PUT) and getProfile for a profile the application signed up", async ({
    request,
  }) => {
    const { profile } = await signedUpProfile(request);
    const client = new MoneriumClient({
      environment: "sandbox",
      clientId: server.demo.clientId,
      clientSecret: server.demo.clientSecret,
    });
    await client.getAccess();
    const { profiles } = await client.getProfiles();
    expect(profiles[0]?.id).toBe(client.bearerProfile?.profile);
    expect(profiles.map((p) => p.id)).toContain(profile);
    const created = await client.getProfiles({ kind: ProfileType.personal, state: ProfileState.created });
    expect(created.profiles.every((p) => p.kind === ProfileType.personal && p.state === ProfileState.created)).toBe(
      true,
    );

    const submitted = await client.submitProfileDetails(profile, V3_PERSONAL_DETAILS as never);
    expect(submitted).toMatchObject({ id: profile, details: { state: "pending" } });
    const read = await client.getProfile(profile);
    expect(read).toMatchObject({ id: profile, kind: "personal", name: "Jane Doe", state: "pending" });
  });

  test("linkAddress (no profile, no message), getAddresses, getAddress, getBalances and getSignatures", async () => {
    const client = new MoneriumClient({
      environment: "sandbox",
      clientId: server.demo.clientId,
      clientSecret: server.demo.clientSecret,
    });
    await client.getAccess();
    const owner = privateKeyToAccount(generatePrivateKey());
    const linked = await client.linkAddress({
      address: owner.address,
      signature: await owner.signMessage({ message: constants.LINK_MESSAGE }),
      chain: "sepolia",
    });
    expect(linked).toMatchObject({ profile: client.bearerProfile?.profile, address: owner.address, state: "linked" });
    const { addresses } = await client.getAddresses({ profile: client.bearerProfile?.profile, chain: "sepolia" });
    expect(addresses.map((a) => a.address)).toContain(owner.address);
    expect(await client.getAddress(owner.address)).toMatchObject({ address: owner.address, chains: ["sepolia"] });
    const balances = await client.getBalances(owner.address, "sepolia", ["eur", "gbp"] as never);
    expect(balances.balances).toEqual([
      { currency: "eur", amount: "0.00" },
      { currency: "gbp", amount: "0.00" },
    ]);
    expect(await client.getSignatures()).toMatchObject({ pending: [], total: 0 });
  });

  test("a Safe through the SDK: linkAddress with `0x` is accepted and pending in getSignatures until it signs on chain", async ({
    request,
  }) => {
    const { profile, partner } = await signedUpProfile(request);
    const safe = privateKeyToAccount(generatePrivateKey()).address;
    const deployed = await request.post(`${server.baseUrl}/sandbox/chains/sepolia/smart-accounts`, {
      headers: partner,
      data: { address: safe, owners: [privateKeyToAccount(generatePrivateKey()).address], threshold: 1 },
    });
    expect(deployed.status()).toBe(201);
    const client = new MoneriumClient({
      environment: "sandbox",
      clientId: server.demo.clientId,
      clientSecret: server.demo.clientSecret,
    });
    await client.getAccess();
    expect(await client.linkAddress({ profile, address: safe, signature: "0x", chain: "sepolia" })).toEqual({
      code: 202,
      status: "Accepted",
    });
    expect(await client.getSignatures({ profile, kind: "linkAddress" })).toMatchObject({
      pending: [{ kind: "linkAddress", chain: "sepolia", address: safe }],
      total: 1,
    });
    await request.post(`${server.baseUrl}/sandbox/chains/sepolia/smart-accounts/${safe}/signed-messages`, {
      headers: partner,
      data: { message: constants.LINK_MESSAGE },
    });
    expect(await client.getSignatures({ profile })).toMatchObject({ pending: [], total: 0 });
    expect(await client.getAddress(safe)).toMatchObject({ profile, chains: ["sepolia"] });
  });

  test("requestIban, getIbans, getIban with the spaced IBAN, and moveIban for an approved customer's address", async ({
    request,
  }) => {
    const operator = await operatorSession();
    const customer = await approvedCustomer(request, operator);
    await operator.dispose();
    const client = new MoneriumClient({
      environment: "sandbox",
      clientId: server.demo.clientId,
      clientSecret: server.demo.clientSecret,
    });
    await client.getAccess();
    // The SDK's default emailNotifications (true) travels with the request; "ethereum" means sepolia here.
    const requested = await client.requestIban({
      address: customer.account.address,
      chain: "ethereum",
      emailNotifications: false,
    });
    expect(requested).toEqual({ code: 202, status: "Accepted" });
    await expect
      .poll(async () => (await client.getIbans({ profile: customer.profile })).ibans.length, {
        intervals: [200],
        timeout: 15_000,
      })
      .toBe(1);
    const [iban] = (await client.getIbans({ profile: customer.profile, chain: "ethereum" })).ibans;
    expect(iban).toMatchObject({
      profile: customer.profile,
      address: customer.account.address,
      chain: "sepolia",
      state: "approved",
      emailNotifications: false,
    });
    expect(iban?.iban).toMatch(/^IS\d{2}( \d{4}){5} \d{2}$/);
    expect(await client.getIban(iban?.iban ?? "")).toEqual(iban);

    const second = await linkAnotherAddress(request, customer, "chiado");
    const moved = await client.moveIban(iban?.iban ?? "", { address: second.address, chain: "gnosis" });
    expect(moved).toEqual({ ...iban, address: second.address, chain: "chiado" });
    expect(await client.getIban(iban?.iban ?? "")).toEqual(moved);
  });
});
