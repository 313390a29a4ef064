import * as oauth from "oauth4webapi";
import { expect, test } from "../fixtures/contract-test.ts";
import { api, server } from "../fixtures/api.ts";
import { linkedCustomer, REDIRECT } from "../fixtures/customer.ts";
import { pkcePair } from "../fixtures/pkce.ts";
import { sdkSiwe, sdkSiweForUnlinkedAddress } from "../fixtures/siwe.ts";

/**
 * Issue 17, RFC 9207: every authorization response names its issuer in `iss`, exactly as the authorization server's
 * metadata (RFC 8414) does, and the metadata says so; a strict client (oauth4webapi) discovers the server and then
 * checks each response against it (RFC 9700 §4.4's defence against mix-up).
 */
const issuer = new URL(server.appUrl);
const client: oauth.Client = { client_id: server.demo.codeClientId };
const insecure = { [oauth.allowInsecureRequests]: true } as const;

async function discovered(): Promise<oauth.AuthorizationServer> {
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
}

function authorizationParams(extra: Record<string, string>) {
  const { verifier, challenge } = pkcePair();
  return {
    verifier,
    params: {
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      response_type: "code",
      ...extra,
    },
  };
}

test.describe("issue 17: authorization responses name their issuer (RFC 9207)", () => {
  test("issue 17: the metadata is served at /.well-known/oauth-authorization-server and says the responses carry iss", async ({
    request,
  }) => {
    const res = await request.get(`${server.appUrl}/.well-known/oauth-authorization-server`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/json/);
    expect(res.headers()["access-control-allow-origin"]).toBe("*");
    expect(await res.json()).toEqual({
      issuer: server.appUrl,
      authorization_endpoint: `${server.baseUrl}/auth`,
      token_endpoint: `${server.baseUrl}/auth/token`,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
      code_challenge_methods_supported: ["S256"],
      service_documentation: `${server.appUrl}/docs`,
      authorization_response_iss_parameter_supported: true,
    });
    const as = await discovered();
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
  });

  test("issue 17: a code issued at once for a SIWE message comes with iss; a strict client accepts it and redeems the code", async ({
    request,
  }) => {
    const as = await discovered();
    const customer = await linkedCustomer(request);
    const { message, signature } = await sdkSiwe(customer.account);
    const { verifier, params } = authorizationParams({
      authentication_method: "siwe",
      message,
      signature,
      state: "s1",
    });
    const res = await request.get(as.authorization_endpoint!, { params, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    const back = new URL(res.headers().location ?? "");
    expect(back.searchParams.get("iss")).toBe(server.appUrl);
    const accepted = oauth.validateAuthResponse(as, client, back, "s1");
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), accepted, REDIRECT, verifier, insecure),
    );
    expect(tokens.access_token).toBeTruthy();
    // Told another issuer's answer, the same client refuses it: what `iss` is for.
    const mixedUp = new URL(back);
    mixedUp.searchParams.set("iss", "https://other-as.example");
    expect(() => oauth.validateAuthResponse(as, client, mixedUp, "s1")).toThrow(/iss/);
  });

  test("issue 17: error redirects (invalid_request, a refused SIWE message) come with iss too", async ({ request }) => {
    const as = await discovered();
    const cases: Record<string, string>[] = [
      { code_challenge_method: "plain", state: "e1" },
      { response_type: "token", state: "e2" },
      { authentication_method: "siwe", ...(await sdkSiweForUnlinkedAddress()), state: "e3" },
    ];
    for (const extra of cases) {
      const { params } = authorizationParams(extra);
      const res = await request.get(api("/auth"), { params, maxRedirects: 0 });
      expect(res.status(), JSON.stringify(extra)).toBe(302);
      const back = new URL(res.headers().location ?? "");
      expect(back.searchParams.get("error"), JSON.stringify(extra)).toBeTruthy();
      expect(back.searchParams.get("iss"), JSON.stringify(extra)).toBe(server.appUrl);
      // The strict client gets as far as the error itself: the issuer checked out.
      expect(() => oauth.validateAuthResponse(as, client, back, extra.state)).toThrow(oauth.AuthorizationResponseError);
    }
  });
});
