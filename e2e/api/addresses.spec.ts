import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { LINK_MESSAGE, linkedCustomer, REDIRECT, siweCode } from "../fixtures/customer.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { sdkSiwe } from "../fixtures/siwe.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe("POST /addresses (externally owned accounts)", () => {
  test("C18: the owner's signature of the fixed message links the address: 201 with who linked it and when", async ({
    request,
  }) => {
    const { profile, partner } = await linkedCustomer(request);
    const owner = privateKeyToAccount(generatePrivateKey());
    const signature = await owner.signMessage({ message: LINK_MESSAGE });
    const res = await request.post(api("/addresses"), {
      headers: partner,
      data: { profile, address: owner.address, chain: "amoy", message: LINK_MESSAGE, signature },
    });
    expect(res.status()).toBe(201);
    const body = (await jsonOf(res)) as { meta: { linkedAt: string } };
    expect(body).toEqual({
      profile,
      address: owner.address,
      state: "linked",
      meta: { linkedBy: expect.stringMatching(UUID) as unknown, linkedAt: expect.any(String) as unknown },
    });
    expect(Date.parse(body.meta.linkedAt)).not.toBeNaN();

    const again = await request.post(api("/addresses"), {
      headers: partner,
      data: { profile, address: owner.address.toLowerCase(), chain: "amoy", signature },
    });
    expect(again.status()).toBe(201);
    expect(await again.json()).toEqual(body);
  });

  test("C18: a signature by another key is refused with errors.signature, and nothing is linked", async ({
    request,
  }) => {
    const { profile, partner } = await linkedCustomer(request);
    const owner = privateKeyToAccount(generatePrivateKey());
    const impostor = privateKeyToAccount(generatePrivateKey());
    const res = await request.post(api("/addresses"), {
      headers: partner,
      data: {
        profile,
        address: owner.address,
        chain: "sepolia",
        signature: await impostor.signMessage({ message: LINK_MESSAGE }),
      },
    });
    expect(res.status()).toBe(400);
    expect(await jsonOf(res)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "Signature verification failed",
      errors: { signature: "is not a signature of the message by this address" },
    });
    // Nothing was linked: Sign-In with Ethereum by the owner is refused.
    const { message, signature } = await sdkSiwe(owner);
    const siwe = await request.get(api("/auth"), {
      params: {
        client_id: server.demo.codeClientId,
        redirect_uri: REDIRECT,
        code_challenge: pkcePair().challenge,
        authentication_method: "siwe",
        message,
        signature,
      },
      maxRedirects: 0,
    });
    expect(new URL(siwe.headers().location ?? "").searchParams.get("error_description")).toBe(
      "the address is not linked on sepolia",
    );
  });

  test("the production chain name stands for its testnet in the sandbox: a link on ethereum signs in on sepolia", async ({
    request,
  }) => {
    const { profile, partner } = await linkedCustomer(request, { chain: "amoy" });
    const owner = privateKeyToAccount(generatePrivateKey());
    const res = await request.post(api("/addresses"), {
      headers: partner,
      data: {
        profile,
        address: owner.address,
        chain: "ethereum",
        signature: await owner.signMessage({ message: LINK_MESSAGE }),
      },
    });
    expect(res.status()).toBe(201);
    const { code } = await siweCode(request, owner);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test("an address linked to one profile cannot be linked to another, on any chain", async ({ request }) => {
    const first = await linkedCustomer(request);
    const second = await linkedCustomer(request);
    const signature = await first.account.signMessage({ message: LINK_MESSAGE });
    for (const chain of ["sepolia", "chiado"]) {
      const res = await request.post(api("/addresses"), {
        headers: second.partner,
        data: { profile: second.profile, address: first.account.address, chain, signature },
      });
      expect(res.status()).toBe(400);
      expect(((await res.json()) as { errors: object }).errors).toEqual({
        address: "is already linked to another profile",
      });
    }
    const sameProfile = await request.post(api("/addresses"), {
      headers: first.partner,
      data: { profile: first.profile, address: first.account.address, chain: "chiado", signature },
    });
    expect(sameProfile.status()).toBe(201);
  });

  const invalid: { title: string; body: (address: string, signature: string) => object; errors: object }[] = [
    {
      title: "a malformed address",
      body: (_a, signature) => ({ address: "0x1234", chain: "sepolia", signature }),
      errors: { address: "must be 0x followed by 40 hexadecimal characters" },
    },
    {
      title: "an unknown chain",
      body: (address, signature) => ({ address, chain: "dogechain", signature }),
      errors: { chain: "dogechain is not a chain of this environment" },
    },
    {
      title: "another message",
      body: (address, signature) => ({ address, chain: "sepolia", signature, message: "I own it" }),
      errors: { message: `must be exactly "${LINK_MESSAGE}"` },
    },
    {
      title: "a signature that is not hex",
      body: (address) => ({ address, chain: "sepolia", signature: "signed!" }),
      errors: { signature: "must be a hex string with the 0x prefix" },
    },
    {
      title: "no signature",
      body: (address) => ({ address, chain: "sepolia" }),
      errors: { signature: expect.any(String) as unknown },
    },
  ];
  for (const { title, body, errors } of invalid) {
    test(`refuses ${title} with the field named`, async ({ request }) => {
      const { profile, partner } = await linkedCustomer(request);
      const owner = privateKeyToAccount(generatePrivateKey());
      const signature = await owner.signMessage({ message: LINK_MESSAGE });
      const res = await request.post(api("/addresses"), {
        headers: partner,
        data: { profile, ...body(owner.address, signature) },
      });
      expect(res.status()).toBe(400);
      expect(((await jsonOf(res)) as { errors: object }).errors).toEqual(errors);
    });
  }

  test("C25: a profile the caller may not access is not found; no token is 401", async ({ request }) => {
    const { partner } = await linkedCustomer(request);
    const owner = privateKeyToAccount(generatePrivateKey());
    const data = {
      profile: randomUUID(),
      address: owner.address,
      chain: "sepolia",
      signature: await owner.signMessage({ message: LINK_MESSAGE }),
    };
    const foreign = await request.post(api("/addresses"), { headers: partner, data });
    expect(foreign.status()).toBe(404);
    expect(await foreign.json()).toEqual({ code: 404, status: "Not Found", message: "Profile not found" });
    const anonymous = await request.post(api("/addresses"), { data });
    expect(anonymous.status()).toBe(401);
  });
});
