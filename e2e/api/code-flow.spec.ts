import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, clientCredentialsToken, server } from "../fixtures/api.ts";
import { linkedCustomer, REDIRECT, siweCode } from "../fixtures/customer.ts";
import { sdkSiwe } from "../fixtures/siwe.ts";
import { pkcePair } from "../fixtures/pkce.ts";

/**
 * The authorization-code grant over HTTP: codes come from the SIWE variant of /auth for customers a partner signed
 * up and linked an address for. Later times are asked for with the test instance's clock header, never by sleeping.
 */

const { codeClientId, clientId } = server.demo;
const LATER = "tokenrail-test-clock-offset";

type TokenBody = { access_token: string; refresh_token: string; expires_in: number; profile: string; userId: string };
type ErrorBody = { code: number; message: string; error?: string; error_description?: string };

function exchange(request: APIRequestContext, form: Record<string, string>, secondsLater?: number) {
  return request.post(api("/auth/token"), {
    form: { grant_type: "authorization_code", client_id: codeClientId, redirect_uri: REDIRECT, ...form },
    headers: secondsLater === undefined ? {} : { [LATER]: String(secondsLater) },
  });
}

function refresh(request: APIRequestContext, refreshToken: string, client = codeClientId) {
  return request.post(api("/auth/token"), {
    form: { grant_type: "refresh_token", client_id: client, refresh_token: refreshToken },
  });
}

async function context(request: APIRequestContext, accessToken: string, secondsLater?: number) {
  const headers: Record<string, string> = { authorization: `Bearer ${accessToken}` };
  if (secondsLater !== undefined) headers[LATER] = String(secondsLater);
  return (await request.get(api("/auth/context"), { headers })).status();
}

async function expectGrantError(res: Awaited<ReturnType<typeof exchange>>, message?: string) {
  expect(res.status()).toBe(400);
  expect(res.headers()["cache-control"]).toBe("no-store");
  const body = (await res.json()) as ErrorBody;
  expect(body.code).toBe(400);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

test.describe("authorization code → tokens over HTTP", () => {
  test("C17: a linked address's SIWE message buys a code at once; its tokens act for that customer; the nonce works once", async ({
    request,
  }) => {
    const customer = await linkedCustomer(request);
    const { code, verifier } = await siweCode(request, customer.account);
    const res = await exchange(request, { code, code_verifier: verifier });
    expect(res.status()).toBe(200);
    const tokens = (await res.json()) as TokenBody;
    expect(tokens.profile).toBe(customer.profile);
    const ctx = await request.get(api("/auth/context"), {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(await ctx.json()).toMatchObject({ email: customer.email, defaultProfile: customer.profile });

    const { message, signature } = await sdkSiwe(customer.account);
    const params = {
      client_id: codeClientId,
      redirect_uri: REDIRECT,
      code_challenge: pkcePair().challenge,
      authentication_method: "siwe",
      message,
      signature,
    };
    const first = await request.get(api("/auth"), { params, maxRedirects: 0 });
    expect(new URL(first.headers().location ?? "").searchParams.get("code")).toBeTruthy();
    const again = await request.get(api("/auth"), { params, maxRedirects: 0 });
    const back = new URL(again.headers().location ?? "").searchParams;
    expect(back.get("error")).toBe("invalid_request");
    expect(back.get("error_description")).toBe("the nonce has already been used");
  });

  const badVerifiers: [string, string][] = [
    ["42 characters", "a".repeat(42)],
    ["129 characters", "a".repeat(129)],
    ["a character outside the unreserved set", `${"a".repeat(42)}+`],
  ];
  for (const [title, verifier] of badVerifiers) {
    test(`C6: a code_verifier of ${title} fails`, async ({ request }) => {
      const { account } = await linkedCustomer(request);
      const { code } = await siweCode(request, account);
      await expectGrantError(await exchange(request, { code, code_verifier: verifier }));
    });
  }

  test("C6: a well-formed but wrong code_verifier fails, and the code still works with the right one", async ({
    request,
  }) => {
    const { account } = await linkedCustomer(request);
    const { code, verifier } = await siweCode(request, account);
    const wrong = await expectGrantError(await exchange(request, { code, code_verifier: pkcePair().verifier }));
    expect(wrong.error).toBe("invalid_grant");
    expect((await exchange(request, { code, code_verifier: verifier })).status()).toBe(200);
  });

  test("C7: a code redeemed a second time fails, and the tokens from its first use are revoked", async ({
    request,
  }) => {
    const { account } = await linkedCustomer(request);
    const { code, verifier } = await siweCode(request, account);
    const first = (await (await exchange(request, { code, code_verifier: verifier })).json()) as TokenBody;
    expect(await context(request, first.access_token)).toBe(200);
    const second = await expectGrantError(await exchange(request, { code, code_verifier: verifier }));
    expect(second.error).toBe("invalid_grant");
    expect(await context(request, first.access_token)).toBe(401);
    expect((await refresh(request, first.refresh_token)).status()).toBe(400);
  });

  test("C8: two parallel token requests with the same code: exactly one succeeds", async ({ request }) => {
    const { account } = await linkedCustomer(request);
    const { code, verifier } = await siweCode(request, account);
    const results = await Promise.all([
      exchange(request, { code, code_verifier: verifier }),
      exchange(request, { code, code_verifier: verifier }),
    ]);
    expect(results.map((r) => r.status()).sort()).toEqual([200, 400]);
  });

  test("C9: a code is good for 10 minutes and fails after", async ({ request }) => {
    const { account } = await linkedCustomer(request);
    const young = await siweCode(request, account);
    expect((await exchange(request, { code: young.code, code_verifier: young.verifier }, 590)).status()).toBe(200);
    const old = await siweCode(request, account);
    const expired = await expectGrantError(
      await exchange(request, { code: old.code, code_verifier: old.verifier }, 601),
    );
    expect(expired.error).toBe("invalid_grant");
  });

  test("C10: a code redeemed by another client_id or with another redirect_uri fails; the code survives those attempts", async ({
    request,
  }) => {
    const { account } = await linkedCustomer(request);
    const { code, verifier } = await siweCode(request, account);
    await expectGrantError(
      await exchange(request, { code, code_verifier: verifier, redirect_uri: "http://127.0.0.1:5173/callback" }),
      "redirect_uri differs from the one the code was issued for",
    );
    await expectGrantError(
      await exchange(request, { code, code_verifier: verifier, client_id: clientId }),
      "The client is not authorized to request a token using this method.",
    );
    await expectGrantError(
      await exchange(request, { code, code_verifier: verifier, client_id: "0b5a3c1e-0000-4000-8000-000000000000" }),
      "Client authentication failed",
    );
    expect((await exchange(request, { code, code_verifier: verifier })).status()).toBe(200);
  });

  test("C11: refresh rotates: a new refresh token, the old one dies, replaying it revokes the whole family", async ({
    request,
  }) => {
    const { account } = await linkedCustomer(request);
    const { code, verifier } = await siweCode(request, account);
    const first = (await (await exchange(request, { code, code_verifier: verifier })).json()) as TokenBody;
    const rotated = await refresh(request, first.refresh_token);
    expect(rotated.status()).toBe(200);
    expect(rotated.headers()["cache-control"]).toBe("no-store");
    const second = (await rotated.json()) as TokenBody;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.expires_in).toBe(3600);
    expect(await context(request, second.access_token)).toBe(200);

    await expectGrantError(await refresh(request, first.refresh_token));
    expect(await context(request, second.access_token)).toBe(401);
    await expectGrantError(await refresh(request, second.refresh_token));
  });

  test("C12: a refresh token presented by another client fails with 400 and the spec's message", async ({
    request,
  }) => {
    const { account } = await linkedCustomer(request);
    const { code, verifier } = await siweCode(request, account);
    const tokens = (await (await exchange(request, { code, code_verifier: verifier })).json()) as TokenBody;
    await expectGrantError(
      await refresh(request, tokens.refresh_token, clientId),
      "Client id must be the same from previous token.",
    );
    expect((await refresh(request, tokens.refresh_token)).status()).toBe(200);
  });

  test("C14: a person's access token works for 3600 s and is refused from then on", async ({ request }) => {
    const { account } = await linkedCustomer(request);
    const { code, verifier } = await siweCode(request, account);
    const tokens = (await (await exchange(request, { code, code_verifier: verifier })).json()) as TokenBody;
    expect(tokens.expires_in).toBe(3600);
    expect(await context(request, tokens.access_token, 3598)).toBe(200);
    expect(await context(request, tokens.access_token, 3601)).toBe(401);
  });

  test("C14: a client-credentials token works for 3600 s and is refused from then on", async ({ request }) => {
    const token = await clientCredentialsToken(request);
    expect(await context(request, token, 3598)).toBe(200);
    expect(await context(request, token, 3601)).toBe(401);
  });
});
