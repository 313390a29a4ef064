import { expect, test, type APIResponse } from "../fixtures/contract-test.ts";
import { api, server } from "../fixtures/api.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { linkedCustomer } from "../fixtures/customer.ts";
import { sdkSiwe, sdkSiweForUnlinkedAddress } from "../fixtures/siwe.ts";

const REDIRECT = "http://localhost:5173/callback";
const { challenge } = pkcePair();
const base = () => ({
  client_id: server.demo.codeClientId,
  redirect_uri: REDIRECT,
  code_challenge: challenge,
  code_challenge_method: "S256",
  response_type: "code",
  state: "st-123",
});

function expectErrorPage(res: APIResponse) {
  expect(res.status()).toBe(400);
  expect(res.headers()["location"]).toBeUndefined();
  expect(res.headers()["content-type"]).toMatch(/^text\/html/);
  expect(res.headers()["content-security-policy"]).toBe("frame-ancestors 'none'");
}

function errorRedirect(res: APIResponse) {
  expect(res.status()).toBe(302);
  const location = new URL(res.headers()["location"] ?? "");
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  return location.searchParams;
}

test.describe("GET/POST /auth", () => {
  test("a valid request is stored and answered with 307 to the onboarding screen, carrying only an opaque id", async ({
    request,
  }) => {
    const res = await request.get(api("/auth"), {
      params: { ...base(), email: "someone@example.com", skip_kyc: "true" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(307);
    const location = new URL(res.headers()["location"] ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${server.appUrl}/authorize`);
    expect([...location.searchParams.keys()]).toEqual(["request"]);
    expect(location.searchParams.get("request")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.headers()["x-frame-options"]).toBe("DENY");
  });

  test("POST with a form body works the same", async ({ request }) => {
    const res = await request.post(api("/auth"), { form: base(), maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers()["location"]).toMatch(new RegExp(`^${server.appUrl}/authorize\\?request=`));
  });

  for (const [title, redirect_uri] of [
    ["a trailing slash", `${REDIRECT}/`],
    ["another case", REDIRECT.replace("callback", "Callback")],
    ["an extra query", `${REDIRECT}?next=1`],
    ["another host on the loopback", REDIRECT.replace("localhost", "127.0.0.2")],
    ["an attacker's site", "https://evil.example/callback"],
  ] as const) {
    test(`C1: redirect_uri with ${title} gets our error page, never a redirect`, async ({ request }) => {
      expectErrorPage(await request.get(api("/auth"), { params: { ...base(), redirect_uri }, maxRedirects: 0 }));
    });
  }

  test("C2: a registered loopback redirect URI accepts any port; the code is bound to the port presented", async ({
    request,
  }) => {
    const { verifier, challenge } = pkcePair();
    const elsewhere = REDIRECT.replace("5173", "49152");
    const res = await request.get(api("/auth"), {
      params: { ...base(), redirect_uri: elsewhere, code_challenge: challenge, state: "any-port" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(307);
    // The customer's SIWE message names the redirect URI it was signed for, port included.
    const customer = await linkedCustomer(request);
    const { message, signature } = await sdkSiwe(customer.account, 11155111, elsewhere);
    const siwe = await request.get(api("/auth"), {
      params: {
        ...base(),
        redirect_uri: elsewhere,
        code_challenge: challenge,
        authentication_method: "siwe",
        message,
        signature,
      },
      maxRedirects: 0,
    });
    const back = new URL(siwe.headers().location ?? "");
    expect(`${back.origin}${back.pathname}`).toBe(elsewhere);
    const code = back.searchParams.get("code") ?? "";
    const exchange = (redirect_uri: string) =>
      request.post(api("/auth/token"), {
        form: {
          grant_type: "authorization_code",
          client_id: server.demo.codeClientId,
          code,
          code_verifier: verifier,
          redirect_uri,
        },
      });
    expect((await exchange(REDIRECT)).status()).toBe(400);
    expect((await exchange(elsewhere)).status()).toBe(200);
  });

  test("C3: an unknown client_id gets the error page", async ({ request }) => {
    for (const client_id of ["11111111-2222-4333-8444-555555555555", "not-a-uuid", ""]) {
      expectErrorPage(await request.get(api("/auth"), { params: { ...base(), client_id }, maxRedirects: 0 }));
    }
  });

  test("C3: a missing redirect_uri when several are registered gets the error page", async ({ request }) => {
    const params: Record<string, string> = base();
    delete params.redirect_uri;
    const res = await request.get(api("/auth"), { params, maxRedirects: 0 });
    expectErrorPage(res);
    expect(await res.text()).toContain("must name one in redirect_uri");
  });

  test("C13: the client-credentials client id cannot start the code flow: error page", async ({ request }) => {
    const res = await request.get(api("/auth"), {
      params: { ...base(), client_id: server.demo.clientId },
      maxRedirects: 0,
    });
    expectErrorPage(res);
    expect(await res.text()).toContain("client-credentials id");
  });

  test("C4: error redirects carry error_uri pointing at the docs", async ({ request }) => {
    const back = errorRedirect(
      await request.get(api("/auth"), { params: { ...base(), code_challenge_method: "plain" }, maxRedirects: 0 }),
    );
    expect(back.get("error_uri")).toBe(`${server.appUrl}/docs#oauth-errors`);
  });

  const invalid: [string, Record<string, string | undefined>, string][] = [
    ["C5: a missing code_challenge", { code_challenge: undefined }, "invalid_request"],
    ["C5: code_challenge_method plain", { code_challenge_method: "plain" }, "invalid_request"],
    ["C5: a challenge that is not S256-shaped", { code_challenge: "short" }, "invalid_request"],
    ["C4: response_type token", { response_type: "token" }, "unsupported_response_type"],
    ["C4: skip_kyc that is not a boolean", { skip_kyc: "yes" }, "invalid_request"],
    ["C4: an address that is not one", { address: "0x123" }, "invalid_request"],
    ["C4: a chain of another environment's kind", { chain: "solana" }, "invalid_request"],
  ];
  for (const [title, change, error] of invalid) {
    test(`${title} → redirect with error=${error}, error_description and the original state`, async ({ request }) => {
      const params = Object.fromEntries(
        Object.entries({ ...base(), ...change }).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const back = errorRedirect(await request.get(api("/auth"), { params, maxRedirects: 0 }));
      expect(back.get("error")).toBe(error);
      expect(back.get("error_description")).toBeTruthy();
      expect(back.get("state")).toBe("st-123");
    });
  }

  test("the production chain names are accepted in the sandbox (the SDK may send them)", async ({ request }) => {
    const res = await request.get(api("/auth"), {
      params: { ...base(), chain: "ethereum", address: "0x2031832e54a2200bF678286f560F49A950DB2Ad5" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(307);
  });
});

test.describe("GET /auth with authentication_method=siwe", () => {
  test("C17: the published SDK's siweMessage() parses and verifies; an address not linked is refused by redirect", async ({
    request,
  }) => {
    const { message, signature } = await sdkSiweForUnlinkedAddress();
    const res = await request.get(api("/auth"), {
      params: {
        client_id: server.demo.codeClientId,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: "S256",
        authentication_method: "siwe",
        message,
        signature,
        state: "s-siwe",
      },
      maxRedirects: 0,
    });
    const back = errorRedirect(res);
    expect(back.get("error")).toBe("invalid_request");
    expect(back.get("error_description")).toBe("the address is not linked on sepolia");
    expect(back.get("state")).toBe("s-siwe");
  });

  test("C17: a message that is not EIP-4361 is refused by redirect", async ({ request }) => {
    const res = await request.get(api("/auth"), {
      params: { ...base(), authentication_method: "siwe", message: "hello", signature: "0x00" },
      maxRedirects: 0,
    });
    expect(errorRedirect(res).get("error_description")).toBe("the message is not a valid EIP-4361 message");
  });
});
