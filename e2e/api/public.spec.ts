import { expect, test } from "../fixtures/contract-test.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";

const SANDBOX_CHAINS = ["sepolia", "chiado", "amoy", "arbitrumsepolia", "lineasepolia", "basesepolia", "grand"];

test("GET / welcomes and points at the docs", async ({ request }) => {
  const res = await request.get(api("/"));
  expect(res.status()).toBe(200);
  expect(await jsonOf(res)).toEqual({
    hello: "Welcome to the Tokenrail API",
    environment: "sandbox",
    version: "2.0.0",
    docs: `${server.appUrl}/docs`,
    baseUrl: server.baseUrl,
  });
});

test.describe("GET /tokens", () => {
  test("lists every currency on every sandbox chain, without a token", async ({ request }) => {
    const res = await request.get(api("/tokens"));
    expect(res.status()).toBe(200);
    const tokens = (await jsonOf(res)) as Record<string, unknown>[];
    expect(tokens).toHaveLength(4 * SANDBOX_CHAINS.length);
    for (const chain of SANDBOX_CHAINS) {
      expect(tokens.filter((t) => t.chain === chain).map((t) => t.symbol)).toEqual(["EURe", "GBPe", "USDe", "ISKe"]);
    }
    expect(tokens[0]).toEqual({
      currency: "eur",
      ticker: "EUR",
      symbol: "EURe",
      chain: "sepolia",
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/) as unknown,
      decimals: 18,
    });
    expect(tokens.find((t) => t.chain === "grand" && t.currency === "usd")).toMatchObject({
      address: "uusde",
      decimals: 6,
    });
    expect(new Set(tokens.map((t) => t.address)).size).toBe(tokens.length);
  });

  test("ignores an empty or stale Authorization header (the SDK sends one)", async ({ request }) => {
    for (const authorization of ["", "Bearer not-a-token"]) {
      const res = await request.get(api("/tokens"), { headers: { authorization } });
      expect(res.status()).toBe(200);
    }
  });
});
